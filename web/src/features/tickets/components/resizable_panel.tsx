import { type PointerEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export const PANEL_DEFAULT = 400;
const PANEL_MIN = 320;
const PANEL_MAX = 500;

const clamp = (w: number) => Math.min(PANEL_MAX, Math.max(PANEL_MIN, w));

/**
 * The list column: dragged wider or narrower by its right edge; the width is saved on release.
 * `fill`: the phone layout, where it takes the whole width and has no handle (the same element, so
 * a resize across layouts does not remount the list inside).
 */
export function ResizablePanel(
  { initial, onResized, fill, children }: {
    initial: number;
    onResized: (w: number) => void;
    fill?: boolean;
    children: ReactNode;
  },
) {
  const { t } = useTranslation("tickets");
  const [width, setWidth] = useState(() => clamp(initial || PANEL_DEFAULT));
  const drag = useRef<{ x: number; w: number } | null>(null);
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, w: width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(clamp(drag.current.w + e.clientX - drag.current.x));
  };
  const onUp = () => {
    if (!drag.current) return;
    drag.current = null;
    onResized(width);
  };
  return (
    <div
      className={fill ? "relative h-full w-full" : "relative h-full shrink-0 border-r border-line"}
      style={fill ? undefined : { width }}
      data-testid="tickets-list-column"
    >
      {children}
      {!fill && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={t("list.resize")}
          aria-valuenow={width}
          tabIndex={0}
          data-testid="tickets-resizer"
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onKeyDown={(e) => {
            if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
            const w = clamp(width + (e.key === "ArrowRight" ? 16 : -16));
            setWidth(w);
            onResized(w);
          }}
          className="absolute inset-y-0 -right-1 z-10 w-2 cursor-col-resize outline-none after:absolute after:inset-y-0 after:left-[3px] after:w-0.5 after:bg-primary after:opacity-0 after:transition-opacity hover:after:opacity-100 focus-visible:after:opacity-100"
        />
      )}
    </div>
  );
}
