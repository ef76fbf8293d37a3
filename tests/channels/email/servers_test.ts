/** The test servers themselves: Dovecot takes a delivery and lists it; the SMTP sink keeps a message. */
import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { hasDovecot, startDovecot, startSmtpSink } from "./_servers.ts";

Deno.test({
  name: "email servers: dovecot stores an APPENDed mail; the SMTP sink keeps what it is sent",
  ignore: !hasDovecot(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dc = await startDovecot();
    const smtp = await startSmtpSink();
    try {
      await dc.deliver(
        "From: a@b.test\r\nTo: suporte@loja.test\r\nSubject: Oi\r\nMessage-ID: <1@b.test>\r\n\r\nolá\r\n",
      );
      const got = await dc.messages("INBOX");
      assert.equal(got.length, 1);
      assert.match(got[0], /Subject: Oi/);
      const tr = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: false,
        ignoreTLS: true,
      });
      await tr.sendMail({ from: "x@loja.test", to: "c@b.test", subject: "t", text: "corpo" });
      await smtp.until(1);
      assert.equal(smtp.received[0].mail.subject, "t");
      assert.deepEqual(smtp.received[0].to, ["c@b.test"]);
    } finally {
      await smtp.close();
      await dc.close();
    }
  },
});
