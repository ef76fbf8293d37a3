import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Download,
  ExternalLink,
  FileText,
  ImageOff,
  LoaderCircle,
  MapPin,
  PhoneMissed,
  UserRound,
} from "lucide-react";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { AudioMessage } from "./audio_message.tsx";

/** FN and TEL of a vCard. */
export function parseVCard(text: string): { name: string; numbers: string[] } {
  const name = /^FN[^:]*:(.*)$/im.exec(text)?.[1]?.trim() ?? "";
  const numbers = [...text.matchAll(/^(?:item\d+\.)?TEL[^:]*:(.*)$/gim)].map((m) => m[1].trim());
  return { name, numbers };
}

function ImageMedia({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation("tickets");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="block cursor-zoom-in overflow-hidden rounded-lg"
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          className="max-h-72 w-64 max-w-full bg-ink/5 object-cover"
          data-testid="message-image"
        />
      </button>
      {open && (
        <Dialog open onOpenChange={setOpen} title={alt || t("media.image")} className="max-w-4xl">
          <img src={src} alt={alt} className="mx-auto max-h-[75vh] rounded-lg object-contain" />
        </Dialog>
      )}
    </>
  );
}

function FileCard({ m }: { m: Message }) {
  const { t } = useTranslation("tickets");
  const name = m.mediaName ?? m.body ?? t("media.document");
  const ext = name.includes(".") ? name.split(".").pop()!.toUpperCase().slice(0, 4) : "FILE";
  return (
    <a
      href={m.mediaUrl ?? "#"}
      target="_blank"
      rel="noreferrer"
      download={name}
      className="flex w-64 max-w-full items-center gap-3 rounded-lg bg-ink/5 p-2.5 hover:bg-ink/10"
      data-testid="message-document"
    >
      <span className="flex size-10 shrink-0 flex-col items-center justify-center rounded-md bg-danger/15 text-danger">
        <FileText className="size-4" />
        <span className="text-[8px] font-bold">{ext}</span>
      </span>
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{name}</span>
      <Download className="size-4 shrink-0 text-ink-subtle" />
    </a>
  );
}

/**
 * Media the server could not fetch yet (`pending`: a placeholder while it retries) or at all
 * (`unavailable`), with the provider's link when there is one. Text and caption stay below.
 */
function MissingMedia({ m }: { m: Message }) {
  const { t } = useTranslation("tickets");
  const kind = t(`media.${m.mediaType ?? "document"}`, t("media.document"));
  if (m.mediaStatus === "pending") {
    return (
      <div
        className="flex h-24 w-64 max-w-full items-center justify-center gap-2 rounded-lg bg-ink/5 text-sm text-ink-muted"
        role="status"
        data-testid="message-media-pending"
      >
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        <span>{t("media.pending")}</span>
      </div>
    );
  }
  return (
    <div
      className="flex w-64 max-w-full items-start gap-3 rounded-lg border border-dashed border-ink/20 bg-ink/5 p-3"
      data-testid="message-media-unavailable"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-ink/10 text-ink-muted">
        <ImageOff className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink">{t("media.unavailable")}</span>
        <span className="block text-xs text-ink-muted">{kind}</span>
        {m.mediaLink && (
          <a
            href={m.mediaLink}
            target="_blank"
            rel="noreferrer noopener"
            className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-primary-strong underline-offset-2 hover:underline"
            data-testid="message-media-link"
          >
            <ExternalLink className="size-3.5" aria-hidden />
            {t("media.openLink")}
          </a>
        )}
      </span>
    </div>
  );
}

/** The media part of a bubble; returns null for plain text. */
export function MessageMedia({ m }: { m: Message }) {
  const { t } = useTranslation("tickets");
  const type = m.mediaType ?? "chat";
  if (!m.mediaUrl && (m.mediaStatus === "pending" || m.mediaStatus === "unavailable")) {
    return <MissingMedia m={m} />;
  }
  if (type === "locationMessage") {
    const [image, link, description] = (m.body ?? "").split("|");
    return (
      <a
        href={link || "#"}
        target="_blank"
        rel="noreferrer"
        className="block w-64 max-w-full overflow-hidden rounded-lg bg-ink/5"
      >
        {image?.startsWith("data:") || image?.startsWith("http")
          ? <img src={image} alt="" className="h-32 w-full object-cover" />
          : (
            <div className="flex h-24 items-center justify-center text-primary-strong">
              <MapPin className="size-8" />
            </div>
          )}
        <span className="block px-3 py-2 text-sm text-ink">{description || t("media.location")}</span>
      </a>
    );
  }
  if (type === "contactMessage") {
    const card = parseVCard(m.body ?? "");
    return (
      <div
        className="flex w-60 max-w-full items-center gap-3 rounded-lg bg-ink/5 p-3"
        data-testid="message-vcard"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <UserRound className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-ink">
            {card.name || t("media.contact")}
          </span>
          {card.numbers.map((n) => (
            <span key={n} className="block truncate text-xs text-ink-muted">{n}</span>
          ))}
        </span>
      </div>
    );
  }
  if (type === "call_log") {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-ink-muted">
        <PhoneMissed className="size-4 text-danger" />
        {t("media.call")}
      </span>
    );
  }
  if (!m.mediaUrl) return null;
  if (type === "image") return <ImageMedia src={m.mediaUrl} alt={m.mediaName ?? ""} />;
  if (type === "audio") return <AudioMessage m={m} src={m.mediaUrl} />;
  if (type === "video") {
    return (
      <video
        src={m.mediaUrl}
        controls
        preload="metadata"
        className="max-h-72 w-72 max-w-full rounded-lg bg-black"
      />
    );
  }
  return <FileCard m={m} />;
}

/** Whether the body is shown as text under the media (captions), or is the media itself. */
export function bodyIsCaption(m: Message): boolean {
  const t = m.mediaType ?? "chat";
  if (["locationMessage", "contactMessage", "call_log", "reactionMessage"].includes(t)) return false;
  if (!m.mediaUrl) return true;
  return !!m.body && m.body !== m.mediaName;
}
