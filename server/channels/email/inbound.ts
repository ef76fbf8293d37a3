/**
 * One mail → the channel-independent pipeline. The conversation is found by the mail's threading
 * ids first (In-Reply-To, then References: a reply lands in the ticket of the mail it answers,
 * whoever's address it comes from), then by the sender: the contact whose e-mail is the sender's
 * address (so a customer known by phone and e-mail is one contact), else a contact whose number is
 * the address. The text is the readable part (parse.ts); each attachment and inline image is a
 * message of its own (`mail:<Message-ID>#<n>`); the subject goes on the ticket; auto-replies and
 * bounces are stored `automated` (no bot answers them). The Message-ID is the provider id, so a
 * mail fetched twice is stored once.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { contacts, tickets } from "@db/schema.ts";
import { Buffer } from "node:buffer";
import type { ParsedMail } from "mailparser";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import type { InboundMessage } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import {
  bareId,
  filesOf,
  loadSanitizer,
  machineKind,
  mailWid,
  readableText,
  threadIds,
  viewableHtml,
} from "./parse.ts";

/** The subject without its reply and forward prefixes (Re:, RE:, Fwd:, Enc:, RES:, AW:, SV:). */
export const baseSubject = (s: string) =>
  s.replace(/^\s*((re|res|fw|fwd|enc|aw|sv|wg|rv)\s*(\[\d+\])?\s*:\s*)+/i, "").trim();

/** The number of the contact whose conversation one of `ids` belongs to. */
async function threadOwner(deps: Deps, companyId: number, ids: string[]): Promise<{ number: string } | null> {
  for (const id of ids) {
    const m = await findMessageByWid(deps.db, companyId, mailWid(id));
    if (!m) continue;
    const [row] = await deps.db.select({ number: contacts.number }).from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, m.ticketId))).limit(1);
    if (row) return row;
  }
  return null;
}

async function contactByEmail(deps: Deps, companyId: number, address: string): Promise<string | null> {
  // A person known by phone too comes first (merge.ts folds the e-mail contact into it).
  const [row] = await deps.db.select({ number: contacts.number }).from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.email, address)))
    .orderBy(sql`${contacts.number} = ${address}`, contacts.id).limit(1);
  return row?.number ?? null;
}

export type MailOutcome = "stored" | "duplicate" | "ignored";

/** Parses a raw mail (HTML-only mail keeps an empty text: parse.ts reads its HTML itself). */
export async function parseMail(raw: Uint8Array | string): Promise<ParsedMail> {
  // The parser on the first mail read: a process with no mailbox never holds it (bench/boot_cost.ts).
  const { simpleParser } = await import("mailparser");
  return await simpleParser(Buffer.from(raw), {
    skipTextToHtml: true,
    skipImageLinks: true,
    skipHtmlToText: true,
  });
}

/** Stores one raw mail (receiveParsed). */
export async function receiveMail(
  deps: Deps,
  conn: ConnectionRow,
  raw: Uint8Array | string,
  fallbackId: string,
): Promise<MailOutcome> {
  return await receiveParsed(deps, conn, await parseMail(raw), fallbackId);
}

/**
 * Stores one parsed mail. `fallbackId` names a mail without a Message-ID (the folder's UIDVALIDITY
 * and the UID), so even such a mail is stored once.
 */
export async function receiveParsed(
  deps: Deps,
  conn: ConnectionRow,
  mail: ParsedMail,
  fallbackId: string,
  /** Collects the addresses to remember instead of writing each alone (rememberEmails, by the caller). */
  remember?: Set<string>,
): Promise<MailOutcome> {
  await loadSanitizer();
  const messageId = bareId(mail.messageId) ?? fallbackId;
  const wid = mailWid(messageId);
  const companyId = conn.companyId;
  if (await findMessageByWid(deps.db, companyId, wid)) return "duplicate";
  const sender = mail.from?.value?.[0];
  const address = sender?.address?.trim().toLowerCase();
  if (!address) return ignore(conn, messageId, "no sender address");
  if (address === conn.emailSettings?.fromAddress.toLowerCase()) {
    return ignore(conn, messageId, "sent by this mailbox");
  }
  const refs = threadIds(mail);
  const owner = await threadOwner(deps, companyId, refs);
  const number = owner?.number ?? await contactByEmail(deps, companyId, address) ?? address;
  const kind = machineKind(mail);
  const { text } = readableText(mail);
  const files = filesOf(mail);
  const subject = mail.subject ? baseSubject(mail.subject) : undefined;
  const now = deps.clock.now().getTime();
  const base: Omit<InboundMessage, "externalId" | "body"> = {
    connection: conn,
    from: { number, name: sender?.name || undefined },
    fromMe: false,
    timestamp: mail.date ? new Date(Math.min(mail.date.getTime(), now)) : undefined,
    subject: subject || undefined,
    automated: kind !== null,
  };
  const quoted = mail.inReplyTo ? bareId(mail.inReplyTo) : null;
  const quotedExternalId = quoted && await findMessageByWid(deps.db, companyId, mailWid(quoted))
    ? mailWid(quoted)
    : undefined;
  const first = text ? undefined : files.shift();
  if (!text && !first) return ignore(conn, messageId, "nothing an attendant can read");
  const html = text ? viewableHtml(mail) : null;
  // The HTML view finds each inline image (cid) among the files stored after the text.
  const cids = Object.fromEntries(
    files.flatMap((f, i) => f.cid ? [[f.cid, `${wid}#${i + 1}`]] : []),
  );
  await receiveInbound(deps, {
    ...base,
    externalId: wid,
    body: text,
    media: first,
    quotedExternalId,
    ...(html ? { data: { html, cids } } : {}),
  });
  // The attachments after the text, in the mail's order, each once (its own id).
  for (const [i, file] of files.entries()) {
    await receiveInbound(deps, { ...base, externalId: `${wid}#${i + 1}`, body: "", media: file });
  }
  if (number === address) {
    if (remember) remember.add(address);
    else await rememberEmails(deps, companyId, [address]);
  }
  return "stored";
}

/**
 * A contact first met by e-mail keeps the address as its e-mail too (the merge rule reads it):
 * one short write for all of them.
 */
export async function rememberEmails(deps: Deps, companyId: number, addresses: Iterable<string>) {
  const list = [...addresses];
  if (!list.length) return;
  await deps.database.write(async (tx) => {
    for (const address of list) {
      await tx.update(contacts).set({ email: address }).where(
        and(eq(contacts.companyId, companyId), eq(contacts.number, address), isNull(contacts.email)),
      );
    }
  });
}

function ignore(conn: ConnectionRow, id: string, reason: string): MailOutcome {
  console.info(`[email] mail ${id} on ${conn.id} ignored: ${reason}`);
  return "ignored";
}
