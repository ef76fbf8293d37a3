/**
 * E-mail sends, through the durable job queue (one lane per conversation, so a ticket's replies
 * leave in order): the attendant's reply becomes a proper mail — from the connection's name and
 * address, to the contact's address, "Re: <the ticket's subject>", In-Reply-To the customer's last
 * mail and References the conversation's mails (so the customer's client threads it), the
 * attendant's `*Name:*` signature as plain text, the connection's signature after "-- ", the file
 * as an attachment. Our Message-ID is the message's provider id, so the customer's answer (naming
 * it in In-Reply-To) finds the ticket. The mail is built once (nodemailer's stream transport) and
 * the same bytes go to SMTP and, after SMTP accepted them, to the Sent folder when the mailbox has
 * one (best effort). SMTP decides: accepted → ack 1; a 5xx refusal → the bubble shows SMTP's
 * answer (send again from there); 4xx or no answer → the queue's backoff retries.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { contacts, messages, tickets } from "@db/schema.ts";
import { Buffer } from "node:buffer";
import type Nodemailer from "nodemailer";
import type { Deps } from "../../deps.ts";
import type { OutboundMessage } from "../adapter.ts";
import { enqueue, PermanentJobError, registerQueuedJob } from "../../jobs/queue.ts";
import { recordSendError, setAck } from "../../messages/delivery.ts";
import { type ConnectionRow, findConnection } from "../../connections/repo.ts";
import type { EmailSecret } from "./connect.ts";
import { isAuthFailure, loginSecret, refreshable } from "./oauth.ts";
import { checkHost, UrlRefusedError } from "../../lib/safe_fetch.ts";
import { closeImap, openImap } from "./imap.ts";
import { mailWid } from "./parse.ts";

export const EMAIL_SEND_JOB = "channels.email.send";

type Payload = {
  companyId: number;
  connectionId: number;
  messageId: number;
  externalId: string;
  contactNumber: string;
  body: string;
  media?: OutboundMessage["media"];
};

export async function enqueueSend(deps: Deps, msg: OutboundMessage): Promise<void> {
  const payload: Payload = {
    companyId: msg.companyId,
    connectionId: msg.connection.id,
    messageId: msg.messageId,
    externalId: msg.externalId,
    contactNumber: msg.to.number,
    body: msg.body,
    media: msg.media,
  };
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: EMAIL_SEND_JOB,
      companyId: msg.companyId,
      payload,
      orderKey: `${EMAIL_SEND_JOB}:${msg.connection.id}:${msg.to.number}`,
      dedupeKey: `${EMAIL_SEND_JOB}:${msg.companyId}:${msg.externalId}`,
      maxAttempts: 6,
      runAt: deps.clock.now(),
    })
  );
  deps.jobs.kick();
}

/** `*Name:*\n` (messages/service's signature) as the plain "Name:" line mail readers show. */
export const plainSignature = (body: string) => body.replace(/^\*([^*\n]+:)\*\n/, "$1\n");

/** The text of the mail: the reply, then the connection's signature after the "-- " separator. */
export function mailText(body: string, signature: string): string {
  const text = plainSignature(body);
  return signature.trim() ? `${text}\n\n-- \n${signature.trim()}\n` : text;
}

/** "Re: subject" once, whatever prefix the subject already had. */
export const replySubject = (subject: string | null | undefined) =>
  subject ? (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`) : "Re:";

/** Where the mail goes and what it answers: the contact's address, the ticket's subject and mails. */
async function threadOf(deps: Deps, p: Payload) {
  const [row] = await deps.db.select({
    ticketId: messages.ticketId,
    subject: tickets.subject,
    number: contacts.number,
    email: contacts.email,
  }).from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(messages.companyId, p.companyId), eq(messages.id, p.messageId))).limit(1);
  if (!row) throw new PermanentJobError("the message is gone");
  const to = row.number.includes("@") ? row.number : row.email;
  if (!to) throw new PermanentJobError("ERR_CONTACT_NO_EMAIL: the contact has no e-mail address");
  // The conversation's mails, newest first (attachments' ids carry a #n and are not mails).
  const mails = await deps.db.select({ wid: messages.wid, fromMe: messages.fromMe }).from(messages)
    .where(and(
      eq(messages.companyId, p.companyId),
      eq(messages.ticketId, row.ticketId),
      like(messages.wid, "mail:%"),
    )).orderBy(desc(messages.id)).limit(40);
  const ids = mails.map((m) => m.wid!.slice(5)).filter((id) => !id.includes("#"));
  const lastTheirs = mails.find((m) => !m.fromMe && !m.wid!.includes("#"));
  return {
    to,
    subject: row.subject,
    inReplyTo: lastTheirs ? `<${lastTheirs.wid!.slice(5)}>` : undefined,
    references: ids.slice(0, 20).reverse().map((id) => `<${id}>`),
  };
}

/** nodemailer on the first mail sent: a process with no mailbox never holds it (bench/boot_cost.ts). */
async function mailer(): Promise<typeof Nodemailer> {
  return (await import("nodemailer")).default;
}

/** The SMTP transport, to the admin's host checked as a tenant's target (lib/safe_fetch.ts). */
async function smtpTransport(
  deps: Deps,
  conn: ConnectionRow,
  secret: EmailSecret,
) {
  const s = conn.emailSettings!;
  const address = await checkHost(deps.fetchGuard, s.smtpHost);
  const user = s.smtpUser || s.imapUser;
  // OAuth2: the one access token serves IMAP and SMTP.
  const pass = s.auth === "xoauth2" ? secret.password : secret.smtpPassword || secret.password;
  return (await mailer()).createTransport({
    host: address,
    // Pinned to the checked address: TLS still verifies the name.
    ...(address !== s.smtpHost ? { tls: { servername: s.smtpHost } } : {}),
    port: s.smtpPort,
    secure: s.smtpSecure,
    auth: s.auth === "xoauth2" ? { type: "OAuth2", user, accessToken: pass } : { user, pass },
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** The mail's bytes, built once for SMTP and the Sent folder. */
async function compose(
  mail: Parameters<ReturnType<typeof Nodemailer.createTransport>["sendMail"]>[0],
): Promise<Uint8Array> {
  const builder = (await mailer()).createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });
  const info = await builder.sendMail(mail);
  return new Uint8Array(info.message as unknown as Uint8Array);
}

async function deliver(deps: Deps, raw: unknown): Promise<void> {
  const p = raw as Payload;
  const conn = await findConnection(deps.db, p.companyId, p.connectionId);
  if (!conn?.emailSettings) throw new PermanentJobError("the e-mail connection is gone");
  const s = conn.emailSettings;
  const thread = await threadOf(deps, p);
  const domain = s.fromAddress.split("@")[1] || "atende.local";
  const messageId = `atende.${p.externalId.replace(/[^A-Za-z0-9._-]/g, "")}@${domain}`;
  const source = await compose({
    from: { name: s.fromName || s.fromAddress, address: s.fromAddress },
    to: thread.to,
    subject: replySubject(thread.subject),
    text: mailText(p.body, s.signature),
    messageId: `<${messageId}>`,
    inReplyTo: thread.inReplyTo,
    references: thread.references.length ? thread.references : undefined,
    date: deps.clock.now(),
    attachments: p.media
      ? [{
        filename: p.media.filename,
        contentType: p.media.mimetype,
        content: Buffer.from(await deps.media.read(p.media.path)),
      }]
      : undefined,
  });
  const secret = await loginSecret(deps, conn);
  try {
    await submit(deps, conn, secret, thread.to, source);
  } catch (err) {
    // An OAuth2 token SMTP refused: refreshed once, sent again.
    if (!isAuthFailure(err) || !refreshable(conn, secret)) throw smtpFailure(err);
    await submit(deps, conn, await loginSecret(deps, conn, { force: true }), thread.to, source)
      .catch((again) => {
        throw smtpFailure(again);
      });
  }
  await setAck(deps, p.companyId, p.messageId, 1, mailWid(messageId));
  await appendToSent(deps, conn, source);
}

/** One SMTP submission of the mail's bytes. */
async function submit(deps: Deps, conn: ConnectionRow, secret: EmailSecret, to: string, source: Uint8Array) {
  const transport = await smtpTransport(deps, conn, secret).catch((err) => {
    // A host the guard refuses stays refused: the bubble says so at once.
    if (err instanceof UrlRefusedError) throw new PermanentJobError(`SMTP: ${err.message}`);
    throw err;
  });
  try {
    const info = await transport.sendMail({
      envelope: { from: conn.emailSettings!.fromAddress, to: [to] },
      raw: Buffer.from(source),
    });
    if (!info.accepted?.length) throw new PermanentJobError(`SMTP: ${info.response ?? "recipient refused"}`);
  } finally {
    transport.close();
  }
}

/** SMTP's refusal as the job sees it: a 5xx is the bubble's error, anything else is retried. */
function smtpFailure(err: unknown): unknown {
  if (err instanceof PermanentJobError) return err;
  const code = (err as { responseCode?: number }).responseCode ?? 0;
  const text = (err as { response?: string }).response ?? (err as Error).message;
  return code >= 500 ? new PermanentJobError(`SMTP: ${text}`) : err;
}

/** A copy in the mailbox's Sent folder (special-use \Sent), when it has one. Best effort. */
async function appendToSent(deps: Deps, conn: ConnectionRow, source: Uint8Array): Promise<void> {
  let client: Awaited<ReturnType<typeof openImap>> | null = null;
  try {
    client = await openImap(deps, conn);
    const sent = (await client.list()).find((f) => f.specialUse === "\\Sent");
    if (sent) await client.append(sent.path, Buffer.from(source), ["\\Seen"]);
  } catch (err) {
    console.warn(`[email] connection ${conn.id}: the copy to Sent failed:`, (err as Error).message);
  } finally {
    if (client) await closeImap(client);
  }
}

registerQueuedJob({
  name: EMAIL_SEND_JOB,
  handle: deliver,
  onGiveUp: async (deps, payload, error) => {
    const { companyId, messageId } = payload as Payload;
    await recordSendError(deps, companyId, messageId, error);
  },
});
