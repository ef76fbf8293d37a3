/**
 * The attendant's reply as a proper e-mail, received by a real SMTP server (smtp-server): threading
 * headers, "Re:" subject, signatures, the attachment; stored as sent only once SMTP accepted it, a
 * copy in Dovecot's Sent folder, the customer's answer back in the same ticket; a refusal shown on
 * the message and sent again from there.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { hasDovecot } from "./_servers.ts";
import { fixture, mail, messagesOf, runJobs, startMail, SUPPORT, ticketsOf } from "./_support.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };
const GMAIL_ID = "CALa9RR=0AnAvVYBN_XeuZ+z51M7Em-i_RoYC3Ur8WmEt4h+mig@mail.gmail.com";

async function openTicket(k: Awaited<ReturnType<typeof startMail>>): Promise<number> {
  await k.dc.deliver(await fixture("gmail_attachment.eml"));
  await k.sync();
  const [ticket] = await ticketsOf(k);
  const put = await k.t.request(`/api/tickets/${ticket.id}`, {
    method: "PUT",
    token: k.admin.token,
    json: { status: "open", userId: Number(k.admin.user.id) },
  });
  assert.equal(put.status, 200, await put.clone().text());
  await put.body?.cancel();
  return ticket.id;
}

Deno.test({
  ...opts,
  name:
    "[email] a signed reply with an attachment leaves as a threaded mail, is appended to Sent, and the answer lands in the same ticket",
  async fn() {
    const k = await startMail();
    try {
      const ticketId = await openTicket(k);
      const form = new FormData();
      form.set("body", "Olá! Segue a nota fiscal.");
      form.set("signMessage", "true");
      form.append(
        "medias",
        new File([new TextEncoder().encode("%PDF-1.4 nota")], "nota.pdf", { type: "application/pdf" }),
      );
      const res = await k.t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: k.admin.token,
        body: form,
      });
      assert.ok(res.status < 300, await res.clone().text());
      await res.body?.cancel();
      await runJobs(k.t);
      await k.smtp.until(1);
      const sent = k.smtp.received[0];
      assert.deepEqual(sent.to, ["abc.94@gmail.com"]);
      assert.equal(sent.from, SUPPORT);
      assert.equal(sent.mail.subject, "Re: test eml");
      assert.equal(sent.mail.inReplyTo, `<${GMAIL_ID}>`);
      assert.deepEqual([sent.mail.references].flat(), [`<${GMAIL_ID}>`]);
      assert.equal(sent.mail.from?.value[0].name, "Loja Atende");
      assert.match(sent.mail.text ?? "", /^Admin:\nOlá! Segue a nota fiscal\.\n\n-- \nLoja Atende — suporte/);
      assert.deepEqual(sent.mail.attachments.map((a) => a.filename), ["nota.pdf"]);
      const [out] = (await messagesOf(k, ticketId)).filter((m) => m.fromMe);
      assert.equal(out.ack, 1);
      assert.equal(out.wid, `mail:${sent.mail.messageId!.replace(/^<|>$/g, "")}`);
      // The copy in the mailbox's Sent folder is the mail SMTP accepted.
      const copies = await k.dc.messages("Sent");
      assert.equal(copies.length, 1);
      assert.ok(copies[0].includes(sent.mail.messageId!));
      // The customer answers from another address of theirs: In-Reply-To finds the ticket.
      await k.dc.deliver(mail({
        from: "Revant <revant@trabalho.test>",
        subject: "Re: test eml",
        body: "Recebi, obrigado!\n\nOn Fri, Nov 27, 2026 Loja Atende wrote:\n> Olá! Segue a nota fiscal.",
        id: "answer-1@trabalho.test",
        inReplyTo: sent.mail.messageId!.replace(/^<|>$/g, ""),
      }));
      await k.sync();
      assert.equal((await ticketsOf(k)).length, 1);
      const last = (await messagesOf(k, ticketId)).at(-1)!;
      assert.equal(last.body, "Recebi, obrigado!");
      assert.equal(last.quotedMsgId, out.id);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] SMTP's refusal is shown on the message, which is sent again from there",
  async fn() {
    const k = await startMail();
    try {
      const ticketId = await openTicket(k);
      k.smtp.refuse = { code: 550, message: "5.1.1 mailbox unavailable" };
      const res = await k.t.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: k.admin.token,
        json: { body: "Pode confirmar o endereço?" },
      });
      assert.ok(res.status < 300, await res.clone().text());
      await res.body?.cancel();
      await runJobs(k.t);
      const [failed] = (await messagesOf(k, ticketId)).filter((m) => m.fromMe);
      assert.equal(failed.ack, 0);
      assert.match(failed.sendError ?? "", /^SMTP: 550.*mailbox unavailable/);
      assert.equal(k.smtp.received.length, 0);
      k.smtp.refuse = null;
      const retry = await k.t.request(`/api/messages/${failed.id}/retry`, {
        method: "POST",
        token: k.admin.token,
      });
      assert.ok(retry.status < 300, await retry.clone().text());
      await retry.body?.cancel();
      await runJobs(k.t);
      await k.smtp.until(1);
      const [row] = await k.t.deps.db.select().from(messages).where(eq(messages.id, failed.id));
      assert.equal(row.ack, 1);
      assert.equal(row.sendError, null);
    } finally {
      await k.close();
    }
  },
});
