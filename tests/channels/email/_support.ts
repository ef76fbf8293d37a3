/**
 * E-mail test kit: Dovecot and the SMTP sink (_servers.ts), the app, and a company whose admin adds
 * an e-mail connection through POST /api/whatsapp pointed at both. Mail reaches the mailbox by IMAP
 * APPEND; a sync pass (what the watcher runs on new mail) is run by the test; jobs too.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { findConnection } from "@/connections/repo.ts";
import { syncMailbox, type SyncResult } from "@/channels/email/sync.ts";
import { createTestApp, startTestServer, type TestApp } from "../../_helpers/test_app.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import type { Clock } from "@/lib/time.ts";
import { type Dovecot, type SmtpSink, startDovecot, startSmtpSink } from "./_servers.ts";

export const SUPPORT = "suporte@loja.test";

export type MailTest = {
  t: TestApp & { wsUrl?: string; url?: string };
  dc: Dovecot;
  smtp: SmtpSink;
  admin: { token: string; user: Record<string, unknown> };
  companyId: number;
  connectionId: number;
  sync(): Promise<SyncResult>;
  close(): Promise<void>;
};

export const emailSettings = (dc: Dovecot, smtp: SmtpSink, over: Record<string, unknown> = {}) => ({
  imapHost: dc.host,
  imapPort: dc.port,
  imapSecure: false,
  imapUser: dc.user,
  imapFolder: "INBOX",
  smtpHost: smtp.host,
  smtpPort: smtp.port,
  smtpSecure: false,
  smtpUser: "",
  auth: "password",
  fromName: "Loja Atende",
  fromAddress: SUPPORT,
  signature: "Loja Atende — suporte",
  ...over,
});

export async function startMail(o: { clock?: Clock; server?: boolean } = {}): Promise<MailTest> {
  const dc = await startDovecot({ user: SUPPORT });
  const smtp = await startSmtpSink();
  const opts = { scheduler: false, clock: o.clock };
  const t: MailTest["t"] = o.server ? await startTestServer(opts) : await createTestApp(opts);
  const { company, admin } = await createCompany(t);
  const session = await login(t, admin);
  const res = await t.request("/api/whatsapp", {
    method: "POST",
    token: session.token,
    json: {
      name: "Suporte",
      channel: "email",
      emailSettings: emailSettings(dc, smtp),
      emailPassword: dc.password,
    },
  });
  assert.equal(res.status, 201, await res.clone().text());
  const conn = await res.json();
  return {
    t,
    dc,
    smtp,
    admin: session,
    companyId: company.id,
    connectionId: conn.id,
    async sync() {
      const row = await findConnection(t.deps.db, company.id, conn.id);
      const r = await syncMailbox(t.deps, row!);
      await t.deps.bus.drain();
      return r;
    },
    async close() {
      await t.close();
      await smtp.close();
      await dc.close();
    },
  };
}

export async function runJobs(t: TestApp): Promise<void> {
  await runDueJobs(t.deps);
  await t.deps.bus.drain();
}

/** A fixture's bytes with CRLF line ends (what an MTA hands IMAP). */
export const fixture = async (name: string) =>
  (await Deno.readTextFile(new URL(`./fixtures/${name}`, import.meta.url))).replace(/\r?\n/g, "\r\n");

export async function ticketsOf(k: MailTest) {
  return await k.t.deps.db.select().from(tickets).where(eq(tickets.companyId, k.companyId));
}

export async function messagesOf(k: MailTest, ticketId?: number) {
  return await k.t.deps.db.select().from(messages).where(
    ticketId
      ? and(eq(messages.companyId, k.companyId), eq(messages.ticketId, ticketId))
      : eq(messages.companyId, k.companyId),
  ).orderBy(messages.id);
}

/** A plain mail as a customer's client would write it. */
export function mail(o: {
  from: string;
  subject?: string;
  body: string;
  id: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
}): string {
  const h = [
    `From: ${o.from}`,
    `To: ${SUPPORT}`,
    `Subject: ${o.subject ?? "Pedido 123"}`,
    `Message-ID: <${o.id}>`,
    `Date: Fri, 27 Nov 2026 10:00:00 +0000`,
    ...(o.inReplyTo ? [`In-Reply-To: <${o.inReplyTo}>`] : []),
    ...(o.references ? [`References: ${o.references.map((r) => `<${r}>`).join(" ")}`] : []),
    ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
  ];
  return `${h.join("\r\n")}\r\n\r\n${o.body.replace(/\r?\n/g, "\r\n")}\r\n`;
}

/**
 * A multipart/alternative mail as newsletters and most clients send it: a plain part and an HTML
 * part (here with whatever the test puts in it: remote images, scripts, handlers).
 */
export function htmlMail(
  o: { from: string; subject?: string; text: string; html: string; id: string },
): string {
  const b = "alt-boundary-4412";
  const h = [
    `From: ${o.from}`,
    `To: ${SUPPORT}`,
    `Subject: ${o.subject ?? "Novidades"}`,
    `Message-ID: <${o.id}>`,
    `Date: Fri, 27 Nov 2026 10:00:00 +0000`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${b}"`,
  ];
  const part = (type: string, body: string) =>
    `--${b}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${
      body.replace(/\r?\n/g, "\r\n")
    }\r\n`;
  return `${h.join("\r\n")}\r\n\r\n${part("text/plain", o.text)}${part("text/html", o.html)}--${b}--\r\n`;
}
