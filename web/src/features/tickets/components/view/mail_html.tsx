/**
 * An e-mail as it was sent, in its bubble: the HTML the server sanitised (GET /messages/:id/html;
 * only formatting tags survive, and the app's CSP runs no inline script anyway). Remote images come
 * without `src` (their address in `data-remote-src`), so showing the mail loads nothing from its
 * sender — a tracking pixel learns nothing — until the attendant presses "Show images", which loads
 * them for this message only. Inline images already point at their stored files. While the HTML
 * loads, or if it cannot, the plain text stands in.
 */
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageOff } from "lucide-react";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { useMessageHtml } from "../../api/messages.ts";

export function MailHtml({ m, fallback }: { m: Message; fallback: ReactNode }) {
  const { t } = useTranslation("tickets");
  const q = useMessageHtml(m);
  const [showImages, setShowImages] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const html = q.data?.html;
  const blocked = !!html && html.includes("data-remote-src=");

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || html === undefined) return;
    el.innerHTML = html;
    if (!showImages) return;
    for (const img of el.querySelectorAll<HTMLImageElement>("img[data-remote-src]")) {
      img.src = img.dataset.remoteSrc ?? "";
    }
  }, [html, showImages]);

  if (html === undefined) return <>{fallback}</>;
  return (
    <div className="min-w-0">
      {blocked && !showImages && (
        <div
          className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-ink/5 px-2.5 py-1.5 text-[12px] text-ink-muted"
          data-testid={`message-images-blocked-${m.id}`}
        >
          <ImageOff className="size-3.5 shrink-0" />
          <span className="min-w-40 flex-1 basis-40">{t("message.imagesBlocked")}</span>
          <button
            type="button"
            data-testid={`message-show-images-${m.id}`}
            onClick={() => setShowImages(true)}
            className="ml-auto cursor-pointer rounded-md px-1.5 py-0.5 font-semibold text-primary-strong hover:bg-primary/10"
          >
            {t("message.showImages")}
          </button>
        </div>
      )}
      <div
        ref={ref}
        data-testid={`message-html-${m.id}`}
        className="max-w-full overflow-x-auto break-words [&_a]:text-primary-strong [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-2 [&_h1]:text-[17px] [&_h1]:font-semibold [&_h2]:text-[15px] [&_h2]:font-semibold [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1 [&_table]:max-w-full [&_ul]:list-disc"
      />
    </div>
  );
}
