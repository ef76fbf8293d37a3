/**
 * The automation on e-mail tickets beyond the menu: out of hours answers the mail as a threaded
 * reply (Re: subject, In-Reply-To), and the rating round trip works by mail — closing asks, the
 * customer's reply (their client quoting the question) is read without the quote, stored, and
 * thanked.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, tickets, userRatings } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { hasDovecot } from "./_servers.ts";
import { mail, runJobs, startMail, ticketsOf } from "./_support.ts";
import { setCompanySetting, userOf } from "../../_helpers/tenant.ts";
import { expectOk } from "../../_helpers/http.ts";
import { ManualClock } from "../../_helpers/clock.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

const HOURS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTimeA: "08:00",
  endTimeA: "12:00",
  startTimeB: "13:00",
  endTimeB: "18:00",
}));

Deno.test({
  ...opts,
  name:
    "[email] out of hours answers by mail (threaded), and the rating round trip works by mail: asked on close, the quoted reply read, stored, thanked",
  async fn() {
    // 22:30 UTC on a Monday = 19:30 in São Paulo: closed.
    const clock = new ManualClock(new Date("2026-03-02T22:30:00Z"));
    const k = await startMail({ clock });
    try {
      await setCompanySetting(k.t, k.companyId, "scheduleType", "company");
      await setCompanySetting(k.t, k.companyId, "userRating", "enabled");
      await k.t.deps.database.write((tx) =>
        tx.update(companies).set({ schedules: HOURS, timezone: "America/Sao_Paulo" }).where(
          eq(companies.id, k.companyId),
        )
      );
      clearCaches(k.t.deps.caches);
      await expectOk(
        await k.t.request(`/api/whatsapp/${k.connectionId}`, {
          method: "PUT",
          token: k.admin.token,
          json: {
            outOfHoursMessage: "Estamos fora do horário; respondemos amanhã a partir das 8h.",
            ratingMessage: "Dê uma nota de 0 a 10 ao atendimento.",
            complationMessage: "Obrigado pela avaliação!",
            expiresTicketNPS: 30,
          },
        }),
      );

      await k.dc.deliver(mail({
        from: "Ana <ana@cliente.test>",
        subject: "Boleto vencido",
        body: "Meu boleto venceu ontem.",
        id: "ana-1@cliente.test",
      }));
      await k.sync();
      await runJobs(k.t);
      await k.smtp.until(1);
      const away = k.smtp.received[0];
      assert.deepEqual(away.to, ["ana@cliente.test"]);
      assert.equal(away.mail.subject, "Re: Boleto vencido");
      assert.equal(away.mail.inReplyTo, "<ana-1@cliente.test>");
      assert.match(away.mail.text ?? "", /^Estamos fora do horário; respondemos amanhã a partir das 8h\./);
      const [ticket] = await ticketsOf(k);
      assert.equal(ticket.isOutOfHour, true);

      // Next morning the admin answers and closes: the rating question goes by mail.
      clock.set(new Date("2026-03-03T12:00:00Z"));
      const agent = await userOf(k.t, k.companyId, { profile: "admin" });
      for (const status of ["open", "closed"]) {
        await expectOk(
          await k.t.request(`/api/tickets/${ticket.id}`, {
            method: "PUT",
            token: agent.token,
            json: { status, userId: agent.user.id },
          }),
        );
      }
      await k.t.deps.bus.drain();
      await runJobs(k.t);
      await k.smtp.until(2);
      const ask = k.smtp.received[1];
      assert.match(ask.mail.text ?? "", /^Dê uma nota de 0 a 10 ao atendimento\./);
      const askId = ask.mail.messageId!.replace(/^<|>$/g, "");

      // The customer's client quotes the question under the answer.
      await k.dc.deliver(mail({
        from: "Ana <ana@cliente.test>",
        subject: "Re: Boleto vencido",
        body: "10\n\nOn Tue, Mar 3, 2026 Loja Atende wrote:\n> Dê uma nota de 0 a 10 ao atendimento.",
        id: "ana-2@cliente.test",
        inReplyTo: askId,
        references: ["ana-1@cliente.test", askId],
      }));
      await k.sync();
      await runJobs(k.t);
      const rates = await k.t.deps.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id));
      assert.deepEqual(rates.map((r) => r.rate), [10]);
      const [after] = await k.t.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      assert.equal(after.status, "closed");
      await k.smtp.until(3);
      assert.match(k.smtp.received[2].mail.text ?? "", /^Obrigado pela avaliação!/);
    } finally {
      await k.close();
    }
  },
});
