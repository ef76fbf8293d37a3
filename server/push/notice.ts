/**
 * A notice: what one domain event means for push (who, about what), built by the listener from the
 * event's own DTOs so the job needs no second read of the ticket or message; and the rendering of a
 * notice into one user's payload (language, LGPD masking, the company's "show content" switch).
 */
import type { PushLanguage, PushPayload } from "@contract/push.ts";
import { maskNumber } from "../lib/lgpd.ts";
import { TEXTS } from "./texts.ts";

export type Notice = {
  companyId: number;
  kind: PushPayload["kind"];
  /** Unique per event and kind: the job's dedupe key (an event enqueued twice sends once). */
  key: string;
  tag: string;
  url: string;
  ticketId?: number;
  chatId?: number;
  /** The customer (tickets) — masked for profile users under lgpdHideNumber. */
  contact?: { name: string; number: string; isGroup: boolean };
  /** The colleague who wrote (chat, mention). */
  sender?: string;
  /** The text, or "" for media only. */
  body: string;
  hasMedia: boolean;
  /** Explicit users, or the members of a queue (a waiting ticket). */
  to: { userIds: number[] } | { queueId: number };
  /** Whoever caused it: never notified of their own action. */
  actorUserId: number | null;
  /** When the event happened (ISO), for the benchmark's latency. */
  at: string;
};

const MAX_BODY = 180;

function masker(number: string, on: boolean) {
  if (!on || number.length < 3) return (s: string) => s;
  const masked = maskNumber(number);
  return (s: string) => s.split(number).join(masked);
}

export function render(
  n: Notice,
  o: { lang: PushLanguage; mask: boolean; showContent: boolean },
): PushPayload {
  const t = TEXTS[o.lang] ?? TEXTS.pt;
  const base = { kind: n.kind, tag: n.tag, url: n.url, ticketId: n.ticketId, chatId: n.chatId };
  if (!o.showContent) {
    const title = n.kind === "waiting"
      ? t.waitingBare
      : n.kind === "transfer"
      ? t.transferBare
      : n.kind === "chat"
      ? t.chatBare
      : n.kind === "mention"
      ? t.mentionBare
      : t.newMessage;
    return { ...base, title, body: t.newMessage };
  }
  const mask = masker(n.contact?.number ?? "", o.mask && !n.contact?.isGroup);
  const name = mask(n.contact?.name || n.contact?.number || "");
  const text = n.body.trim() || (n.hasMedia ? t.file : "");
  const body = mask(text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text);
  const sender = n.sender ?? "";
  const title = n.kind === "waiting"
    ? t.waiting(name)
    : n.kind === "transfer"
    ? t.transfer(name)
    : n.kind === "chat"
    ? t.chat(sender)
    : n.kind === "mention"
    ? t.mention(sender)
    : name;
  return { ...base, title, body: body || t.newMessage };
}

/** Whether `now` falls in the user's quiet hours ("HH:MM" in their zone; an end before the start wraps). */
export function inQuietHours(now: Date, zone: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const hm = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(now);
  return start < end ? hm >= start && hm < end : hm >= start || hm < end;
}
