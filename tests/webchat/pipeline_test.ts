/**
 * Webchat through the unchanged inbound pipeline and automation: the greeting and queue
 * menu reach the visitor's socket through the adapter, a digit picks the queue, an attendant's image
 * arrives as a signed link; business hours make the widget say nobody is online.
 */
import { and, eq } from "drizzle-orm";
import { tickets, users } from "@db/schema.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { setCompanySetting } from "../_helpers/tenant.ts";
import { expectOk, type Json, PNG } from "../_helpers/http.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { assert, openSession, visitorSocket, webchatTenant } from "./_support.ts";

const text = (f: Json) => f.type === "message" ? String((f.message as Json).body) : "";

Deno.test("[webchat] greeting and queue menu through the adapter; an attendant's image; business hours", async (tt) => {
  const s = await startTestServer();
  try {
    const a = await webchatTenant(s);
    const sales = await createQueue(s, a.company.id, { name: "Vendas" });
    const support = await createQueue(s, a.company.id, { name: "Suporte" });
    await expectOk(
      await s.request(`/api/whatsapp/${a.conn.id}`, {
        method: "PUT",
        token: a.adminToken,
        json: { queueIds: [sales.id, support.id], greetingMessage: "Bem-vindo! Escolha um setor:" },
      }),
    );
    const session = await openSession(s, a.conn.webchatKey);
    const visitor = await visitorSocket(s.url, a.conn.webchatKey, session.token);

    await tt.step("the automation's greeting and queue menu reach the visitor", async () => {
      visitor.send({ type: "message", body: "Oi", clientId: "client-0001" });
      const menu = await visitor.next((f) => text(f).includes("Bem-vindo! Escolha um setor:"), 10_000);
      assert.equal((menu.message as Json).fromMe, false);
      assert.match(text(menu), /1.*Vendas/s);
      assert.match(text(menu), /2.*Suporte/s);
    });

    let ticketId = 0;
    await tt.step("a digit from the visitor picks the queue (chatbot steps unchanged)", async () => {
      visitor.send({ type: "message", body: "2", clientId: "client-0002" });
      await s.deps.bus.drain();
      for (let i = 0; i < 50; i++) {
        const [t] = await s.deps.db.select().from(tickets)
          .where(and(eq(tickets.companyId, a.company.id), eq(tickets.channel, "webchat")));
        ticketId = t.id;
        if (t.queueId === support.id) break;
        await new Promise((r) => setTimeout(r, 100));
        await s.deps.bus.drain();
      }
      const [t] = await s.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
      assert.equal(t.queueId, support.id);
    });

    await tt.step("an attendant's image reaches the visitor as a signed link", async () => {
      await expectOk(
        await s.request(`/api/tickets/${ticketId}`, {
          method: "PUT",
          token: a.adminToken,
          json: { status: "open" },
        }),
      );
      const form = new FormData();
      form.set("body", "segue o comprovante");
      form.append("medias", new File([PNG], "comprovante.png", { type: "image/png" }));
      const res = await s.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: a.adminToken,
        body: form,
      });
      assert.equal(res.status, 201, await res.clone().text());
      await res.body?.cancel();
      const f = await visitor.next((f) => f.type === "message" && (f.message as Json).mediaType === "image");
      const m = f.message as Json;
      assert.match(String(m.mediaUrl), /^\/api\/media\/.+exp=.+sig=/);
      assert.equal(m.mediaName, "comprovante.png");
      const img = await s.request(String(m.mediaUrl));
      assert.equal(img.status, 200);
      assert.equal(img.headers.get("content-type"), "image/png");
      await img.body?.cancel();
    });

    await tt.step(
      "business hours: out of hours the widget says nobody is online, even with attendants",
      async () => {
        const staff = await connectWs(s.wsUrl, a.adminToken);
        // Presence writes the online flag in a short batch after the socket opens.
        for (let i = 0; i < 100; i++) {
          const [u] = await s.deps.db.select({ online: users.online }).from(users)
            .where(eq(users.id, a.admin.user.id));
          if (u.online) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.equal((await openSession(s, a.conn.webchatKey, session.token)).online, true);
        await setCompanySetting(s, a.company.id, "scheduleType", "connection");
        const closed = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((
          d,
        ) => ({
          weekday: d,
          weekdayEn: d,
          startTimeA: "",
          endTimeA: "",
          startTimeB: "",
          endTimeB: "",
        }));
        await expectOk(
          await s.request(`/api/whatsapp/${a.conn.id}`, {
            method: "PUT",
            token: a.adminToken,
            json: { schedules: closed },
          }),
        );
        assert.equal((await openSession(s, a.conn.webchatKey, session.token)).online, false);
        // A connection that ignores business hours is online whenever someone is connected.
        await expectOk(
          await s.request(`/api/whatsapp/${a.conn.id}`, {
            method: "PUT",
            token: a.adminToken,
            json: { webchat: { useBusinessHours: false } },
          }),
        );
        assert.equal((await openSession(s, a.conn.webchatKey, session.token)).online, true);
        await staff.close();
      },
    );
    await visitor.close();
  } finally {
    await s.close();
  }
});
