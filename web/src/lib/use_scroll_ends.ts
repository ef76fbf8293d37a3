/**
 * Which ends of a sideways-scrolling box hide content, kept up to date on scroll and resize, so a
 * strip of tabs or a wide table can show the user that there is more (a fade, a shadow).
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** Which ends of a scrolled box hide content: "start", "end", "both" or "none". */
export type HiddenEnds = "none" | "start" | "end" | "both";

export function hiddenEnds(el: HTMLElement): HiddenEnds {
  const start = el.scrollLeft > 1;
  const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  return start && end ? "both" : start ? "start" : end ? "end" : "none";
}

/** A ref for the scrolling element and which of its ends hide content (watching its children's sizes too). */
export function useScrollEnds<T extends HTMLElement>(): [RefObject<T | null>, HiddenEnds] {
  const ref = useRef<T>(null);
  const [hidden, setHidden] = useState<HiddenEnds>("none");
  const measure = useCallback(() => ref.current && setHidden(hiddenEnds(ref.current)), []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    const children = new MutationObserver(() => {
      for (const child of el.children) observer.observe(child);
      measure();
    });
    children.observe(el, { childList: true });
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      children.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [measure]);
  return [ref, hidden];
}
