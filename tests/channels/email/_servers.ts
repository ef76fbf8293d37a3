/**
 * Real mail servers for the e-mail channel's tests: Dovecot (Debian's dovecot-imapd) started with
 * its own configuration in a temp dir — passwd-file users, maildirs in the temp dir, an
 * unprivileged port, foreground (-F), killed on close — and the `smtp-server` package listening on
 * a local port, keeping every message Atende hands it. Test mails reach the mailbox by IMAP APPEND,
 * as another client (or the MTA) would put them there.
 */
import { ImapFlow } from "imapflow";
import { SMTPServer } from "smtp-server";
import { type ParsedMail, simpleParser } from "mailparser";

export const DOVECOT = "/usr/sbin/dovecot";
export const hasDovecot = () => {
  try {
    return Deno.statSync(DOVECOT).isFile;
  } catch {
    return false;
  }
};

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Waits until something accepts connections on the port (Dovecot's answer, not a timer). */
async function untilListening(port: number, proc: Deno.ChildProcess, log: string): Promise<void> {
  let exited = false;
  proc.status.then(() => exited = true);
  for (let i = 0; i < 2000; i++) {
    if (exited) throw new Error(`dovecot exited: ${await Deno.readTextFile(log).catch(() => "")}`);
    try {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      const buf = new Uint8Array(64);
      await c.read(buf); // the greeting "* OK …"
      c.close();
      return;
    } catch {
      await new Promise((r) => queueMicrotask(() => setTimeout(r, 0)));
    }
  }
  throw new Error("dovecot did not listen");
}

function mailOwner(): { uid: number; gid: number } {
  const uid = Deno.uid() ?? 0;
  if (uid !== 0) return { uid, gid: Deno.gid() ?? uid };
  const line = Deno.readTextFileSync("/etc/passwd").split("\n").find((l) => l.startsWith("dovecot:"));
  if (!line) throw new Error("no dovecot user (is dovecot-imapd installed?)");
  const [, , u, g] = line.split(":");
  return { uid: Number(u), gid: Number(g) };
}

export type Dovecot = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** An IMAP client logged in as the mailbox's user (the "other side": delivery, inspection). */
  client(): Promise<ImapFlow>;
  /** Puts a raw RFC 5322 message into a folder, as a delivery would. */
  deliver(raw: string | Uint8Array, folder?: string): Promise<void>;
  /**
   * Drops raw messages straight into the INBOX maildir's new/ (what a local delivery agent does):
   * many mails arrive at once, Dovecot sees them at its next look (IDLE: inotify).
   */
  drop(raws: string[]): Promise<void>;
  /** Raw messages of a folder, oldest first. */
  messages(folder: string): Promise<string[]>;
  close(): Promise<void>;
};

export async function startDovecot(
  o: {
    user?: string;
    password?: string;
    folders?: string[];
    /**
     * XOAUTH2/OAUTHBEARER logins checked by Dovecot's oauth2 passdb against this RFC 7662
     * introspection URL (POST token=…; `active` true and `username` the login user).
     */
    oauth2IntrospectionUrl?: string;
  } = {},
): Promise<Dovecot> {
  const user = o.user ?? "suporte@loja.test";
  const password = o.password ?? "s3nha-do-suporte";
  const dir = await Deno.makeTempDir({ prefix: "atende-dovecot-" });
  await Deno.chmod(dir, 0o755);
  const port = freePort();
  // Dovecot will not run mail processes as root: as root, the mail belongs to Debian's `dovecot` user.
  const { uid, gid } = mailOwner();
  for (const sub of ["mail", "home"]) {
    await Deno.mkdir(`${dir}/${sub}`);
    await Deno.chown(`${dir}/${sub}`, uid, gid);
  }
  await Deno.writeTextFile(`${dir}/passwd`, `${user}:{PLAIN}${password}::::::\n`);
  const log = `${dir}/dovecot.log`;
  const conf = `${dir}/dovecot.conf`;
  await Deno.writeTextFile(
    conf,
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
info_log_path = ${log}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${o.oauth2IntrospectionUrl ? " xoauth2 oauthbearer" : ""}
first_valid_uid = 0
first_valid_gid = 0
mail_location = maildir:${dir}/mail/%u
mail_uid = ${uid}
mail_gid = ${gid}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  ${(o.folders ?? []).map((f) => `mailbox ${f} {\n    auto = subscribe\n  }`).join("\n  ")}
}
${
      o.oauth2IntrospectionUrl
        ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`
        : ""
    }passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  if (o.oauth2IntrospectionUrl) {
    await Deno.writeTextFile(
      `${dir}/oauth2.conf.ext`,
      `introspection_mode = post
introspection_url = ${o.oauth2IntrospectionUrl}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`,
    );
  }
  const proc = new Deno.Command(DOVECOT, { args: ["-F", "-c", conf], stdout: "null", stderr: "piped" })
    .spawn();
  const stderr = proc.stderr.pipeTo(
    new WritableStream({ write: (c) => Deno.writeFile(`${dir}/stderr`, c, { append: true }) }),
  ).catch(() => undefined);
  await untilListening(port, proc, `${dir}/stderr`);
  const client = async () => {
    const c = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await c.connect();
    return c;
  };
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    client,
    async deliver(raw, folder = "INBOX") {
      const c = await client();
      try {
        await c.append(folder, typeof raw === "string" ? raw : new TextDecoder().decode(raw));
      } finally {
        await c.logout();
      }
    },
    async drop(raws) {
      const box = `${dir}/mail/${user}`;
      const { uid, gid } = mailOwner();
      for (const sub of ["", "/new", "/cur", "/tmp"]) {
        await Deno.mkdir(`${box}${sub}`, { recursive: true });
        await Deno.chown(`${box}${sub}`, uid, gid);
      }
      const stamp = Math.floor(Date.now() / 1000);
      for (const [i, raw] of raws.entries()) {
        const name = `${stamp}.M${i}P${Deno.pid}.atende-test`;
        await Deno.writeTextFile(`${box}/tmp/${name}`, raw);
        await Deno.chown(`${box}/tmp/${name}`, uid, gid);
        await Deno.rename(`${box}/tmp/${name}`, `${box}/new/${name}`);
      }
    },
    async messages(folder) {
      const c = await client();
      const out: string[] = [];
      try {
        const lock = await c.getMailboxLock(folder);
        try {
          if ((c.mailbox && typeof c.mailbox === "object" ? c.mailbox.exists : 0) === 0) return out;
          for await (const m of c.fetch("1:*", { source: true })) out.push(m.source?.toString() ?? "");
        } finally {
          lock.release();
        }
      } finally {
        await c.logout();
      }
      return out;
    },
    async close() {
      try {
        proc.kill("SIGTERM");
      } catch { /* already gone */ }
      await proc.status;
      await stderr;
      await Deno.remove(dir, { recursive: true }).catch(() => undefined);
    },
  };
}

export type SmtpSink = {
  host: string;
  port: number;
  /** Every message accepted, parsed, with its envelope. */
  received: { from: string; to: string[]; raw: string; mail: ParsedMail }[];
  /** While set, every message is refused with this SMTP reply (a temporary or permanent failure). */
  refuse: { code: number; message: string } | null;
  /** Resolves when `n` messages have been accepted in all. */
  until(n: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real SMTP server (the `smtp-server` package) that keeps what it gets. Any login is taken, unless
 * `auth` decides (it sees the method — PLAIN, LOGIN, XOAUTH2 — and the password or access token).
 */
export async function startSmtpSink(
  o: { auth?: (a: { method: string; username?: string; secret?: string }) => boolean } = {},
): Promise<SmtpSink> {
  const waiters: { n: number; resolve: () => void }[] = [];
  const sink: SmtpSink = {
    host: "127.0.0.1",
    port: 0,
    received: [],
    refuse: null,
    until(n) {
      if (sink.received.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    authMethods: o.auth ? ["PLAIN", "LOGIN", "XOAUTH2"] : undefined,
    onAuth(auth, _session, cb) {
      const ok = !o.auth ||
        o.auth({
          method: auth.method,
          username: auth.username,
          secret: auth.accessToken ?? auth.password ?? undefined,
        });
      if (ok) return cb(null, { user: auth.username ?? "smtp" });
      // XOAUTH2's failure answer is the JSON status the client reads before the final 535.
      if (auth.method === "XOAUTH2") return cb(null, { data: { status: "401", schemes: "bearer" } });
      cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", async () => {
        if (sink.refuse) {
          const err = Object.assign(new Error(sink.refuse.message), { responseCode: sink.refuse.code });
          return cb(err);
        }
        const raw = new TextDecoder().decode(concat(chunks));
        const mail = await simpleParser(raw);
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mail,
        });
        for (const w of waiters.splice(0)) {
          if (sink.received.length >= w.n) w.resolve();
          else waiters.push(w);
        }
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  sink.port = (server.server.address() as { port: number }).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
