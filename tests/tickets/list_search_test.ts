/**
 * GET /api/tickets search: contact name (accent-insensitive, prefix words), number digits,
 * message text with searchOnMessages, latest ticket per (contact, connection), the profile user's
 * restriction (spec 1 §2, §6; reference §4) and LGPD.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { messages, tickets, users } from "@db/schema.ts";
import { MESSAGE_SEARCH_WINDOW } from "@/tickets/list_where.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import {
  ids,
  list,
  listOk,
  mkContact,
  mkMessage,
  mkTicket,
  mkWhatsapp,
  setSettings,
  sorted,
} from "./_list_support.ts";

Deno.test("[tickets] GET /api/tickets search", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const cid = company.id;
    const q1 = await createQueue(app, cid), q2 = await createQueue(app, cid);
    const agent = await createUser(app, cid, {
      profile: "user",
      queueIds: [q1.id],
      allTicket: "enabled",
      allowGroup: true,
      allUserChat: "enabled",
    });
    const other = await createUser(app, cid, { profile: "user", queueIds: [q1.id] });
    const w1 = await mkWhatsapp(app, cid), w2 = await mkWhatsapp(app, cid);
    const mk = (s: Omit<Parameters<typeof mkTicket>[2], "whatsappId"> & { whatsappId?: number }) =>
      mkTicket(app, cid, { whatsappId: w1.id, ...s });

    const joao = await mk({
      status: "pending",
      queueId: q1.id,
      contactName: "João Silva",
      contactNumber: "5511988887777",
    });
    const joaquim = await mk({ status: "pending", queueId: q1.id, contactName: "Joaquim Souza" });
    const zeca = await mk({ status: "pending", queueId: q1.id, contactName: "Zeca" });
    await mkMessage(app, cid, zeca, "A entrega do pedido chega amanhã cedo");
    await mkMessage(app, cid, joaquim, "Bom dia");
    // Latest per (contact, connection): an old closed ticket and a newer pending one.
    const bea = await mkContact(app, cid, { name: "Beatriz Lima" });
    const beaOld = await mk({ contactId: bea.id, status: "closed", queueId: q1.id, userId: agent.user.id });
    await mkMessage(app, cid, beaOld, "segue o código de rastreio");
    const beaNew = await mk({ contactId: bea.id, status: "pending", queueId: q1.id });
    const beaOtherLine = await mk({ contactId: bea.id, whatsappId: w2.id, status: "closed", queueId: q1.id });
    // Another attendant's conversations in the agent's queue.
    const gustavoOpen = await mk({
      status: "open",
      userId: other.user.id,
      queueId: q1.id,
      contactName: "Gustavo",
    });
    const helenaClosed = await mk({
      status: "closed",
      userId: other.user.id,
      queueId: q1.id,
      contactName: "Helena",
    });
    // A queue the agent is not in.
    const iris = await mk({ status: "pending", queueId: q2.id, contactName: "Iris João" });

    // Same names and words in another company.
    const b = await createCompany(app);
    const bw = await mkWhatsapp(app, b.company.id);
    const bJoao = await mkTicket(app, b.company.id, {
      whatsappId: bw.id,
      status: "pending",
      contactName: "João Estrangeiro",
      contactNumber: "5511988880000",
    });
    await mkMessage(app, b.company.id, bJoao, "chega amanhã");

    const agentTok = (await login(app, agent)).token;
    const adminTok = (await login(app, admin)).token;
    const search = (tok: string, searchParam: string, extra: Record<string, string> = {}) =>
      ids(app, tok, { searchParam, ...extra });

    await t.step("contact name, accent- and case-insensitive, by word prefixes", async () => {
      for (const s of ["Joao", "joão", "JOAO", "silva jo", "Jo Sil"]) {
        assert.deepEqual(await search(agentTok, s), sorted(joao), s);
      }
      assert.deepEqual(await search(agentTok, "jo"), sorted(joao, joaquim), "prefix");
      assert.deepEqual(await search(agentTok, "joana"), []);
    });

    await t.step("number digits, with or without punctuation", async () => {
      assert.deepEqual(await search(agentTok, "8888777"), sorted(joao));
      assert.deepEqual(await search(agentTok, "+55 (11) 98888-7777"), sorted(joao));
      assert.deepEqual(await search(agentTok, "5511988887777"), sorted(joao));
    });

    await t.step("message text only with searchOnMessages=true (accent-insensitive)", async () => {
      assert.deepEqual(await search(agentTok, "amanha"), []);
      assert.deepEqual(await search(agentTok, "amanha", { searchOnMessages: "false" }), []);
      assert.deepEqual(await search(agentTok, "amanha", { searchOnMessages: "true" }), sorted(zeca));
      assert.deepEqual(await search(agentTok, "entrega pedido", { searchOnMessages: "true" }), sorted(zeca));
      // Contacts still match in message mode.
      assert.deepEqual(await search(agentTok, "joao", { searchOnMessages: "true" }), sorted(joao));
    });

    await t.step(
      "message words: one filling the recency window alone matches whole, the others as prefixes",
      async () => {
        // A word in MESSAGE_SEARCH_WINDOW messages of one ticket, then one newer "…s" on another.
        const busy = await mk({ status: "pending", queueId: q1.id, contactName: "Busy" });
        await app.deps.database.write((tx) =>
          tx.insert(messages).values(
            Array.from({ length: MESSAGE_SEARCH_WINDOW }, (_, i) => ({
              companyId: cid,
              ticketId: busy.id,
              contactId: busy.contactId,
              body: `segue o boleto ${i}`,
            })),
          )
        );
        const plural = await mk({ status: "pending", queueId: q1.id, contactName: "Plural" });
        await mkMessage(app, cid, plural, "dois boletos vencidos");
        const on = { searchOnMessages: "true", showAll: "true" };
        // The whole word fills the window: its newest matches, not the longer words'.
        const whole = await listOk(app, adminTok, { searchParam: "boleto", ...on });
        assert.deepEqual(whole.tickets.map((x) => x.id), [busy.id]);
        assert.equal((whole as typeof whole & { countCapped?: boolean }).countCapped, true);
        // A partial word (no whole-word match) is a prefix: both, newest first.
        const partial = await listOk(app, adminTok, { searchParam: "bolet", ...on });
        assert.deepEqual(partial.tickets.map((x) => x.id), [plural.id, busy.id]);
        assert.deepEqual(await search(adminTok, "boletos", on), sorted(plural));
        assert.deepEqual(await search(adminTok, "bolet vencid", on), sorted(plural));
        // Per word: "segue" and "boleto" are common (whole), "1" is a prefix (1, 10, 100…).
        assert.deepEqual(await search(adminTok, "segue boleto 1", on), sorted(busy));
        await app.deps.database.write((tx) =>
          tx.delete(tickets).where(inArray(tickets.id, [busy.id, plural.id]))
        );
      },
    );

    await t.step("never another company's contacts or messages", async () => {
      assert.deepEqual(await search(adminTok, "estrangeiro", { showAll: "true" }), []);
      assert.deepEqual(await search(adminTok, "88880000", { showAll: "true" }), []);
      assert.deepEqual(
        await search(adminTok, "amanha", { showAll: "true", searchOnMessages: "true" }),
        sorted(zeca),
      );
    });

    await t.step(
      "spans statuses and lists the latest matching ticket per (contact, connection)",
      async () => {
        assert.deepEqual(await search(agentTok, "beatriz"), sorted(beaNew, beaOtherLine));
        // The status tab does not apply to search.
        assert.deepEqual(await search(agentTok, "beatriz", { status: "open" }), sorted(beaNew, beaOtherLine));
        // statusFilter does, and the latest is taken among what matches.
        assert.deepEqual(
          await search(agentTok, "beatriz", { statusFilter: '["closed"]' }),
          sorted(beaOld, beaOtherLine),
        );
        // A message found only in the older ticket lists that ticket.
        assert.deepEqual(await search(agentTok, "rastreio", { searchOnMessages: "true" }), sorted(beaOld));
      },
    );

    await t.step("a profile user is restricted: never another attendant's open ticket", async () => {
      assert.deepEqual(await search(agentTok, "gustavo"), []);
      assert.deepEqual(await search(agentTok, "gustavo", { showAll: "true" }), []);
      // Closed ones of his queues he may see (allUserChat enabled).
      assert.deepEqual(await search(agentTok, "helena"), sorted(helenaClosed));
      await app.deps.database.write((tx) =>
        tx.update(users).set({ allUserChat: "disabled" }).where(eq(users.id, agent.user.id))
      );
      clearCaches(app.deps.caches); // written behind the services' back
      try {
        assert.deepEqual(await search(agentTok, "helena"), []);
      } finally {
        await app.deps.database.write((tx) =>
          tx.update(users).set({ allUserChat: "enabled" }).where(eq(users.id, agent.user.id))
        );
        clearCaches(app.deps.caches); // written behind the services' back
      }
      // Outside his queues: nothing.
      assert.deepEqual(await search(agentTok, "iris"), []);
      // An admin with showAll searches everything; without it he is restricted like a user.
      assert.deepEqual(await search(adminTok, "gustavo", { showAll: "true" }), sorted(gustavoOpen));
      assert.deepEqual(await search(adminTok, "gustavo"), []);
      assert.deepEqual(await search(adminTok, "iris"), sorted(iris));
    });

    await t.step("FTS operators and quotes in the input are plain text", async () => {
      for (
        const s of [
          'joao" OR "x',
          "*",
          "NEAR(joao",
          "name:joao",
          "(((",
          "NOT joao",
          "-joao",
          "'; drop table tickets",
        ]
      ) {
        const res = await list(app, agentTok, { searchParam: s, searchOnMessages: "true" });
        assert.equal(res.status, 200, `${s}: ${await res.clone().text()}`);
        await res.body?.cancel();
      }
      assert.deepEqual(await search(agentTok, "-joao"), sorted(joao));
    });

    await t.step("a masked viewer (LGPD) matches names only, never the hidden numbers", async () => {
      await setSettings(app, cid, { lgpdHideNumber: "enabled" });
      try {
        assert.deepEqual(await search(agentTok, "8888777"), []);
        assert.deepEqual(await search(agentTok, "joao"), sorted(joao));
        assert.deepEqual(await search(adminTok, "8888777", { showAll: "true" }), sorted(joao));
      } finally {
        await setSettings(app, cid, { lgpdHideNumber: "disabled" });
      }
    });
  } finally {
    await app.close();
  }
});
