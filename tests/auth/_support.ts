/**
 * Helpers shared by the foundation API suites (auth, users, settings, platform). They only read
 * responses, the outbox and a local SMTP sink; nothing of the server is replaced.
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { settings, whatsapps } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";

export type Json = Record<string, unknown>;

/** Asserts the status, then the error code, and returns the body. */
export async function expectError(res: Response, status: number, code: string): Promise<Json> {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status}: ${text}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const b = JSON.parse(text) as Json;
  assert.equal(b.error, code, `expected ${code}, got ${text}`);
  return b;
}

/** Asserts a success status and returns the parsed JSON body. */
export async function expectOk<T = Json>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A clock the test moves by hand: `createTestApp({ clock })`, then `clock.advance(ms)`. */
export class ManualClock {
  current: Date;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
}

export const MINUTE = 60_000;
export const DAY = 24 * 3600_000;

/** The `jrt` Set-Cookie of a response, parsed (null when the response sets none). */
export function refreshCookie(res: Response): { value: string; pair: string; attrs: string[] } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("jrt="));
  if (!line) return null;
  const [pair, ...attrs] = line.split(";").map((s) => s.trim());
  return { pair, value: pair.slice(4), attrs };
}

export function refreshWith(t: TestApp, cookie: string): Promise<Response> {
  return t.request("/api/auth/refresh_token", { method: "POST", headers: { cookie } });
}

/** All mails written to DATA_DIR/outbox (no SMTP_URL), oldest first. */
export async function outbox(t: TestApp): Promise<{ to: string; subject: string; raw: string }[]> {
  const dir = `${t.dataDir}/outbox`;
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) if (e.isFile && e.name.endsWith(".eml")) names.push(e.name);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  names.sort();
  return await Promise.all(names.map(async (n) => {
    const raw = await Deno.readTextFile(`${dir}/${n}`);
    return {
      raw,
      to: raw.match(/^To: (.*)$/m)?.[1]?.trim() ?? "",
      subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
    };
  }));
}

/** Undoes quoted-printable soft breaks and escapes (what nodemailer sends for UTF-8 text). */
export function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    const m = src[i] === "=" ? src.slice(i + 1, i + 3).match(/^[0-9A-F]{2}$/i) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(src[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The 8-character reset code of a reset mail. */
export function resetCode(mailText: string): string {
  const m = decodeQuotedPrintable(mailText).match(/digo:\s*([A-Z0-9]{8})\b/);
  assert.ok(m, `no reset code in mail:\n${mailText}`);
  return m[1];
}

/** The newest reset code mailed to `email` through the outbox. */
export async function outboxResetCode(t: TestApp, email: string): Promise<string> {
  const mails = (await outbox(t)).filter((m) => m.to === email && /senha/i.test(m.subject));
  assert.ok(mails.length, `no reset mail for ${email}`);
  return resetCode(mails.at(-1)!.raw);
}

export type SmtpSink = {
  port: number;
  messages: { from: string; to: string[]; raw: string }[];
  waitFor(pred: (m: { to: string[]; raw: string }) => boolean, ms?: number): Promise<{ raw: string }>;
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1:0 that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SmtpSink["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        const size = chunks.reduce((n, c) => n + c.length, 0);
        const all = new Uint8Array(size);
        let off = 0;
        for (const c of chunks) {
          all.set(c, off);
          off += c.length;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: new TextDecoder().decode(all),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    const s = server.listen(0, "127.0.0.1", () => resolve((s.address() as AddressInfo).port));
  });
  return {
    port,
    messages,
    async waitFor(pred, ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const m = messages.find(pred);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no matching mail within ${ms} ms (got ${messages.length})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A 1×1 transparent PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** A multipart body with one file field (plus optional text fields). */
export function multipart(
  field: string,
  bytes: Uint8Array | string,
  name: string,
  type: string,
  extra: Record<string, string> = {},
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append(field, new File([bytes as BlobPart], name, { type }));
  return fd;
}

/** The raw stored value of a setting row (as the database holds it). */
export async function rawSetting(t: TestApp, companyId: number, key: string): Promise<string | undefined> {
  const [row] = await t.deps.db.select().from(settings).where(
    and(eq(settings.companyId, companyId), eq(settings.key, key)),
  );
  return row?.value;
}

/** A connection row of a company, written directly (the connections feature has its own suite). */
export async function createConnection(t: TestApp, companyId: number, name = `Line ${crypto.randomUUID()}`) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(whatsapps).values({ companyId, name, channel: "api" }).returning())[0]
  );
}

/** Today's calendar date in a time zone, for due-date arithmetic in tests. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at);
}

export function shiftDate(date: string, days: number): string {
  const d = new Date(date + "T00:00:00Z");
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
