/**
 * Mail in the mailbox → tickets, against a real Dovecot: published mails (fixtures/SOURCES.md) read
 * as an attendant should read them, threading by In-Reply-To/References before the sender, the
 * subject on the ticket, attachments and inline images as files, auto-replies and bounces stored
 * without automation, and nothing stored twice or lost when the watermark lags the commit.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, whatsapps } from "@db/schema.ts";
import { hasDovecot } from "./_servers.ts";
import { fixture, mail, messagesOf, startMail, ticketsOf } from "./_support.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name:
    "[email] a Gmail mail with an attachment becomes the sender's ticket: subject kept, text part read, file as media",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(await fixture("gmail_attachment.eml"));
      const r = await k.sync();
      assert.equal(r.stored, 1);
      const [ticket] = await ticketsOf(k);
      assert.equal(ticket.subject, "test eml");
      assert.equal(ticket.channel, "email");
      const [contact] = await k.t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
      assert.equal(contact.number, "abc.94@gmail.com");
      assert.equal(contact.email, "abc.94@gmail.com");
      assert.equal(contact.name, "revant jha");
      const [text, file] = await messagesOf(k, ticket.id);
      assert.equal(text.body, "Hi this is the body\nHi this is the body");
      assert.equal(text.wid, "mail:CALa9RR=0AnAvVYBN_XeuZ+z51M7Em-i_RoYC3Ur8WmEt4h+mig@mail.gmail.com");
      assert.equal(file.mediaName, "attac.txt");
      assert.ok(file.mediaUrl);
      const bytes = new TextDecoder().decode(await k.t.deps.media.read(file.mediaUrl!));
      assert.equal(bytes, "SampleText data here ".repeat(4));
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] a Gmail reply threads by In-Reply-To into the ticket of the mail it answers, quote and signature folded",
  async fn() {
    const k = await startMail();
    try {
      // The mail the Gmail fixture answers, from another address of the same conversation.
      await k.dc.deliver(mail({
        from: "Tejaswini <tejaswini@chatwoot.com>",
        subject: "Checking mail forwarding to cw inbox",
        body: "Any update on this?",
        id: "0100017b5d8efc70-c7f18809-aa55-48f6-91fd-b626092ed8b3-000000@email.amazonses.com",
      }));
      await k.dc.deliver(await fixture("gmail_reply_with_quote.eml"));
      const r = await k.sync();
      assert.equal(r.fetched, 2);
      const all = await ticketsOf(k);
      assert.equal(all.length, 1, "one conversation");
      assert.equal(all[0].subject, "Checking mail forwarding to cw inbox");
      const [first, reply] = await messagesOf(k, all[0].id);
      assert.equal(first.body, "Any update on this?");
      assert.equal(reply.body, "Yes, I am providing you step how to reproduce this issue");
      assert.equal(reply.quotedMsgId, first.id);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] Outlook's ISO-8859-1 reply loses its quoted header block; HTML-only mail is read as text",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(await fixture("outlook_reply_latin1.eml"));
      await k.dc.deliver(await fixture("html_only.eml"));
      await k.sync();
      const msgs = await messagesOf(k);
      assert.deepEqual(msgs.map((m) => m.body).sort(), ["Hello", "This is html only mail"]);
      const subjects = (await ticketsOf(k)).map((t) => t.subject).sort();
      assert.deepEqual(subjects, ["Test", "test html only mail"]);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] an inline image (cid, no disposition) is a file of the conversation after the text",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(await fixture("outlook_inline_image.eml"));
      await k.sync();
      const [text, image] = await messagesOf(k);
      assert.equal(text.body, "This is a plain text version of the message.");
      assert.equal(image.mediaType, "image");
      assert.equal(image.mediaName, "image001.jpg");
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] an auto-reply and a bounce are stored but start no automation",
  async fn() {
    const k = await startMail();
    try {
      const seen: { body: string; automated?: boolean }[] = [];
      k.t.deps.bus.on(
        "message.created",
        (e) => void seen.push({ body: e.message.body, automated: e.automated }),
      );
      await k.dc.deliver(await fixture("auto_reply_bulk.eml"));
      await k.dc.deliver(await fixture("ses_bounce.eml"));
      await k.dc.deliver(
        mail({ from: "cliente@exemplo.test", body: "Oi, quero ajuda", id: "human-1@exemplo.test" }),
      );
      await k.sync();
      // Three senders: their mails are stored side by side, in any order.
      const human = seen.filter((s) => !s.automated);
      // The bounce carries the returned mail (message/rfc822) as a file: 4 messages, 3 of machines.
      assert.equal(seen.length, 4);
      assert.deepEqual(human.map((s) => s.body), ["Oi, quero ajuda"]);
      assert.ok(
        seen.some((s) => s.automated && /An error occurred while trying to deliver the mail/.test(s.body)),
      );
      // The bounce's machine parts (delivery-status, the returned headers) are not files.
      const msgs = await messagesOf(k);
      assert.ok(msgs.every((m) => !m.fromMe));
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] a mail is stored once: the watermark moves after the commit, and a pass that repeats finds duplicates only",
  async fn() {
    const k = await startMail();
    try {
      for (let i = 1; i <= 3; i++) {
        await k.dc.deliver(mail({ from: `c${i}@exemplo.test`, body: `mail ${i}`, id: `m${i}@exemplo.test` }));
      }
      const first = await k.sync();
      assert.deepEqual([first.fetched, first.stored, first.lastUid], [3, 3, 3]);
      const [row] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
      assert.equal(row.emailLastUid, 3);
      assert.ok(row.emailUidValidity);
      // A process that died after the commit and before the watermark: the next pass reads them again.
      await k.t.deps.database.write((tx) =>
        tx.update(whatsapps).set({ emailLastUid: 0 }).where(eq(whatsapps.id, k.connectionId))
      );
      // The same mail delivered twice (a second copy by the MTA) is one message too.
      await k.dc.deliver(mail({ from: "c1@exemplo.test", body: "mail 1", id: "m1@exemplo.test" }));
      const again = await k.sync();
      assert.deepEqual([again.fetched, again.stored], [4, 0]);
      assert.equal((await messagesOf(k)).length, 3);
      // Nothing new: nothing fetched.
      assert.equal((await k.sync()).fetched, 0);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] a sender known by e-mail on a phone contact writes into that contact's conversation (one person, one contact)",
  async fn() {
    const k = await startMail();
    try {
      await k.t.deps.database.write((tx) =>
        tx.insert(contacts).values({
          companyId: k.companyId,
          name: "Maria",
          number: "5511999990000",
          email: "maria@exemplo.test",
        })
      );
      await k.dc.deliver(
        mail({ from: "Maria <Maria@Exemplo.test>", body: "Sou eu", id: "maria-1@exemplo.test" }),
      );
      await k.sync();
      const [ticket] = await ticketsOf(k);
      const [c] = await k.t.deps.db.select().from(contacts)
        .where(and(eq(contacts.companyId, k.companyId), eq(contacts.id, ticket.contactId)));
      assert.equal(c.number, "5511999990000");
    } finally {
      await k.close();
    }
  },
});
