/**
 * The automation on e-mail tickets: by default no numbered queue menu goes out in a mail — an
 * e-mail connection may have several queues without a greeting, and its tickets then take the first
 * queue; writing a greeting is asking for the menu, which then goes out like on any channel.
 */
import assert from "node:assert/strict";
import { hasDovecot } from "./_servers.ts";
import { mail, messagesOf, runJobs, startMail, ticketsOf } from "./_support.ts";
import { createQueue } from "../../_helpers/factories.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name:
    "[email] several queues without a greeting: the ticket takes the first queue, no menu mail; a greeting brings the menu",
  async fn() {
    const k = await startMail();
    try {
      const first = await createQueue(k.t, k.companyId, { name: "Financeiro" });
      const second = await createQueue(k.t, k.companyId, { name: "Suporte técnico" });
      const put = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
        method: "PUT",
        token: k.admin.token,
        json: { queueIds: [first.id, second.id] },
      });
      assert.equal(put.status, 200, await put.clone().text());
      await put.body?.cancel();

      await k.dc.deliver(
        mail({ from: "ana@cliente.test", body: "Minha fatura veio errada", id: "ana-1@cliente.test" }),
      );
      await k.sync();
      await runJobs(k.t);
      const [ticket] = await ticketsOf(k);
      assert.equal(ticket.queueId, first.id);
      assert.equal((await messagesOf(k)).filter((m) => m.fromMe).length, 0);
      assert.equal(k.smtp.received.length, 0);

      const greet = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
        method: "PUT",
        token: k.admin.token,
        json: { greetingMessage: "Olá! Sobre o que é o seu e-mail?" },
      });
      assert.equal(greet.status, 200, await greet.clone().text());
      await greet.body?.cancel();
      await k.dc.deliver(mail({ from: "bia@cliente.test", body: "Dúvida", id: "bia-1@cliente.test" }));
      await k.sync();
      await runJobs(k.t);
      await k.smtp.until(1);
      assert.match(
        k.smtp.received[0].mail.text ?? "",
        /Olá! Sobre o que é o seu e-mail\?[\s\S]*Financeiro[\s\S]*Suporte técnico/,
      );
    } finally {
      await k.close();
    }
  },
});
