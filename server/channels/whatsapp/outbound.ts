/**
 * Outbound WhatsApp messages: the Baileys content of one OutboundMessage, and the per-connection
 * pacing queue. Messages of one number leave one at a time, at least `gapMs` (+ jitter) apart,
 * a text preceded by a "composing" presence, so bursts (bots, campaigns) do not get numbers banned
 * (reference §13 pain point 13).
 */
import { isVCard } from "../vcard.ts";
import { Buffer } from "node:buffer";
import { and, eq } from "drizzle-orm";
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from "baileys";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import type { OutboundMessage } from "../adapter.ts";
import { targetJid } from "./socket.ts";

export type Pacing = { gapMs: number; jitterMs: number; composingMs: number };
export const DEFAULT_PACING: Pacing = { gapMs: 1000, jitterMs: 600, composingMs: 800 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A serial queue that spaces its jobs. `close` fails what is still waiting. */
export class PacedQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #last = 0;
  #closed = false;
  constructor(private pacing: Pacing) {}

  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(async () => {
      if (this.#closed) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
      const wait = this.#last + this.pacing.gapMs + Math.random() * this.pacing.jitterMs - Date.now();
      if (this.#last && wait > 0) await sleep(wait);
      if (this.#closed) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
      try {
        return await job();
      } finally {
        this.#last = Date.now();
      }
    });
    this.#tail = next.catch(() => undefined);
    return next;
  }

  get composingMs() {
    return this.pacing.composingMs;
  }

  close() {
    this.#closed = true;
  }
}

/** The jid a message goes to (a contact known only by its @lid id gets it there). */
export async function resolveJid(
  deps: Deps,
  msg: Pick<OutboundMessage, "companyId" | "to">,
): Promise<string> {
  if (msg.to.remoteJid || msg.to.isGroup) return targetJid(msg.to);
  const [c] = await deps.db.select({ lid: contacts.lid }).from(contacts)
    .where(and(eq(contacts.companyId, msg.companyId), eq(contacts.number, msg.to.number))).limit(1);
  return targetJid(msg.to, c?.lid);
}

/** Baileys content and options (quoted message) of one outbound message. */
export async function buildContent(
  deps: Deps,
  msg: OutboundMessage,
  jid: string,
): Promise<{ content: AnyMessageContent; options: MiscMessageGenerationOptions }> {
  const options: MiscMessageGenerationOptions = {};
  if (msg.quotedExternalId) {
    const q = await findMessageByWid(deps.db, msg.companyId, msg.quotedExternalId);
    if (q) {
      options.quoted = {
        key: { remoteJid: jid, id: q.wid, fromMe: q.fromMe, participant: q.participant ?? undefined },
        message: { conversation: q.body },
      } as WAMessage;
    }
  }
  // A shared contact (the composer's contact picker) goes out as a WhatsApp contact card.
  if (!msg.media && isVCard(msg.body)) {
    const displayName = /^FN:(.*)$/m.exec(msg.body)?.[1]?.trim() || "Contact";
    return { content: { contacts: { displayName, contacts: [{ vcard: msg.body }] } }, options };
  }
  if (!msg.media) return { content: { text: msg.body }, options };
  let data: Uint8Array;
  try {
    data = await deps.media.read(msg.media.path);
  } catch (err) {
    throw new AppError("ERR_SENDING_WAPP_MSG", { cause: err, details: { media: "missing" } });
  }
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const { mimetype, filename } = msg.media;
  const caption = msg.body && msg.body !== filename ? msg.body : undefined;
  const kind = mimetype.split("/")[0];
  if (kind === "image" && mimetype !== "image/svg+xml") {
    return { content: { image: buf, caption, mimetype }, options };
  }
  if (kind === "video") return { content: { video: buf, caption, mimetype }, options };
  if (kind === "audio") {
    const ptt = /ogg|opus/.test(mimetype);
    return { content: { audio: buf, mimetype: ptt ? "audio/ogg; codecs=opus" : mimetype, ptt }, options };
  }
  return { content: { document: buf, mimetype, fileName: filename, caption }, options };
}
