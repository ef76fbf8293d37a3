/**
 * Outgoing mail. With SMTP_URL it goes through nodemailer; without it each message is written
 * to DATA_DIR/outbox/ as an .eml file and logged, so nothing is lost in development.
 */
import type { Transporter } from "nodemailer";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

const FROM = "Atende <no-reply@atende.local>";

export function createMailer(config: { smtpUrl?: string; dataDir: string }): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    // nodemailer is loaded with the first mail: most processes (and test files) send none.
    let transport: Promise<Transporter> | null = null;
    return {
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl)
        );
        await (await transport).sendMail({ from: FROM, ...mail });
      },
    };
  }
  const dir = `${config.dataDir}/outbox`;
  return {
    async send(mail) {
      await Deno.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      const eml = [
        `From: ${FROM}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        mail.text,
      ].join("\r\n");
      await Deno.writeTextFile(`${dir}/${name}`, eml);
      console.log(`[mail] no SMTP_URL: wrote ${dir}/${name} (to ${mail.to}: ${mail.subject})`);
    },
  };
}
