/**
 * An e-mail as it was sent (GET /messages/:id/html): the sanitised HTML kept with the message,
 * remote images blocked (address in data-remote-src, no src), nothing that runs, inline images (cid)
 * pointing at their stored files; the plain text stays the message's body and the ticket's preview.
 * Session, company and ticket visibility as for the message's body.
 */
import assert from "node:assert/strict";
import { hasDovecot } from "./_servers.ts";
import { fixture, htmlMail, mail, messagesOf, startMail, ticketsOf } from "./_support.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../../_helpers/tenant.ts";
import { expectError, expectOk } from "../../_helpers/http.ts";
import type { MessageDTO, MessageHtml, MessagePage } from "@contract/messages.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

const NEWSLETTER = `<html><head><style>body{background:url(https://track.example/bg.png)}</style>
<script>fetch("https://track.example/read")</script></head><body onload="alert(1)">
<p style="color:#b45309;position:fixed">Seu <b>pedido 4412</b> saiu para entrega.</p>
<img src="https://track.example/pixel.gif?u=maria" width="1" height="1" alt="">
<img src="http://cdn.example/banner.png" alt="Banner" onerror="alert(2)">
<a href="javascript:alert(3)">x</a> <a href="https://loja.example/rastreio">Rastrear</a>
<div class="gmail_quote">On Thu someone wrote: <blockquote>old text</blockquote></div>
</body></html>`;

Deno.test({
  ...opts,
  name:
    "[email] GET /messages/:id/html: 401, another company's 404, 403 without the ticket; remote images blocked, nothing runs, the text stays the preview",
  async fn(tt) {
    const k = await startMail();
    try {
      await k.dc.deliver(htmlMail({
        from: "Loja Parceira <news@parceira.test>",
        text: "Seu pedido 4412 saiu para entrega.",
        html: NEWSLETTER,
        id: "news-1@parceira.test",
      }));
      await k.dc.deliver(mail({ from: "joao@cliente.test", body: "Só texto.", id: "plain-1@cliente.test" }));
      await k.sync();
      const all = await messagesOf(k);
      const news = all.find((m) => m.wid === "mail:news-1@parceira.test")!;
      const plain = all.find((m) => m.wid === "mail:plain-1@cliente.test")!;
      const path = `/api/messages/${news.id}/html`;

      await tt.step("needs a session", async () => {
        await assertAllNeedAuth(k.t, [["GET", path]]);
      });
      await tt.step("another company's admin gets 404", async () => {
        const other = await createTenant(k.t, { user: false });
        await expectError(await k.t.request(path, { token: other.adminToken }), 404, "ERR_NOT_FOUND");
      });
      await tt.step("a user who cannot see the ticket gets 403", async () => {
        // The admin takes the conversation; a user without "all tickets" may not read it.
        await expectOk(
          await k.t.request(`/api/tickets/${news.ticketId}`, {
            method: "PUT",
            token: k.admin.token,
            json: { status: "open", userId: k.admin.user.id },
          }),
        );
        const outsider = await userOf(k.t, k.companyId, { allTicket: "disabled" });
        await expectError(await k.t.request(path, { token: outsider.token }), 403, "ERR_NO_PERMISSION");
      });
      await tt.step(
        "the page marks the HTML mail; the text is its body and the ticket's preview",
        async () => {
          const [ticket] = (await ticketsOf(k)).filter((t) => t.id === news.ticketId);
          assert.equal(ticket.lastMessage, "Seu pedido 4412 saiu para entrega.");
          const page = await expectOk<MessagePage>(
            await k.t.request(`/api/messages/${ticket.uuid}`, { token: k.admin.token }),
          );
          const dto = page.messages.find((m: MessageDTO) => m.id === news.id)!;
          assert.equal(dto.hasHtml, true);
          assert.equal(dto.body, "Seu pedido 4412 saiu para entrega.");
        },
      );
      await tt.step("the HTML: formatting kept, remote images without src, nothing that runs", async () => {
        const got = await expectOk<MessageHtml>(await k.t.request(path, { token: k.admin.token }));
        assert.equal(got.id, news.id);
        const html = got.html;
        assert.match(html, /<p style="color:#b45309">Seu <b>pedido 4412<\/b> saiu para entrega\.<\/p>/);
        assert.match(html, /<img [^>]*data-remote-src="https:\/\/track\.example\/pixel\.gif\?u=maria"/);
        assert.match(html, /<img alt="Banner" data-remote-src="http:\/\/cdn\.example\/banner\.png"/);
        assert.doesNotMatch(html, /\ssrc="http/);
        assert.doesNotMatch(html, /script|onload|onerror|javascript:|<style|url\(|position/i);
        assert.match(
          html,
          /<a href="https:\/\/loja\.example\/rastreio" target="_blank" rel="noopener noreferrer">/,
        );
        // The quoted history is folded away, as in the text.
        assert.doesNotMatch(html, /old text/);
      });
      await tt.step("a plain mail has no HTML view", async () => {
        const page = await expectOk<MessagePage>(
          await k.t.request(
            `/api/messages/${(await ticketsOf(k)).find((t) => t.id === plain.ticketId)!.uuid}`,
            {
              token: k.admin.token,
            },
          ),
        );
        assert.equal(page.messages.find((m) => m.id === plain.id)!.hasHtml, undefined);
        await expectError(
          await k.t.request(`/api/messages/${plain.id}/html`, { token: k.admin.token }),
          404,
          "ERR_NOT_FOUND",
        );
      });
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] an inline image (cid) of the HTML view points at its stored file",
  async fn() {
    const k = await startMail();
    try {
      await k.dc.deliver(await fixture("outlook_inline_image.eml"));
      await k.sync();
      const [text, image] = await messagesOf(k);
      const got = await expectOk<MessageHtml>(
        await k.t.request(`/api/messages/${text.id}/html`, { token: k.admin.token }),
      );
      assert.doesNotMatch(got.html, /cid:/);
      const src = /<img src="([^"]+)"/.exec(got.html)?.[1]?.replace(/&amp;/g, "&");
      assert.ok(src, got.html);
      assert.equal(src, await k.t.deps.media.signedUrl(image.mediaUrl!));
      // The link serves the image's bytes.
      const res = await k.t.request(src);
      assert.equal(res.status, 200);
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), await k.t.deps.media.read(image.mediaUrl!));
    } finally {
      await k.close();
    }
  },
});
