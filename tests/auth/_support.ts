/**
 * Helpers of the auth suites (sessions, password reset, signup): the refresh cookie, the mail
 * outbox and a local SMTP sink. Nothing of the server is replaced.
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import type { TestApp } from "../_helpers/test_app.ts";

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

/** For tests/e2e's old import path only; new tests import tests/_helpers/clock.ts. */
