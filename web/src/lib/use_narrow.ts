import { useEffect, useState } from "react";

/**
 * Whether an element is narrower than `px` (its own width, not the viewport's). Attach `ref` to the
 * element; a callback ref, so an element that mounts later (a layout switch) is observed too.
 */
export function useNarrow<T extends HTMLElement>(
  px: number,
): { ref: (el: T | null) => void; narrow: boolean } {
  const [el, setEl] = useState<T | null>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setNarrow(e.contentRect.width < px));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el, px]);
  return { ref: setEl, narrow };
}
