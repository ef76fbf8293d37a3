/**
 * Webhook payloads published by others (pywa's and bottender's test data, chatwoot's factories,
 * Meta's documented shapes — fixtures/SOURCES.md) sent through the real endpoint with valid
 * signatures: each is stored where an attendant expects it, or deliberately ignored; none is
 * answered with a 5xx.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contacts, messages, tickets } from "@db/schema.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { deliverAndRun, metaConnection, startMeta } from "./_support.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import type { Json } from "../../_helpers/http.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);
async function fixture(name: string): Promise<Json> {
  return JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES)));
}

/** pywa reuses `wamid.xyzxyz` in every sample: each file's messages get their own id here. */
function uniqueIds(p: Json, suffix: string): Json {
  const entry = (p.entry as { changes: { value: { messages?: { id: string }[] } }[] }[])[0];
  for (const m of entry.changes[0].value.messages ?? []) m.id = `${m.id}-${suffix}`;
  return p;
}

const byWid = async (t: TestApp, wid: string) =>
  (await t.deps.db.select().from(messages).where(eq(messages.wid, wid)))[0];

/**
 * The samples are years old: their conversation is made recent, so Meta's 24-hour window is open
 * for the replies the test sends.
 */
async function openWindow(t: TestApp, ticketId: number) {
  const now = t.deps.clock.now().toISOString();
  await t.deps.database.write((tx) =>
    tx.update(messages).set({ createdAt: now }).where(
      and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false)),
    )
  );
}

/** One of ours on a ticket, with the provider id a fixture refers to. */
async function ourMessage(t: TestApp, companyId: number, ticketId: number, wid: string) {
  await openWindow(t, ticketId);
  const sent = await sendOnTicket(t.deps, companyId, ticketId, { body: "nossa mensagem" });
  await t.deps.database.write((tx) => tx.update(messages).set({ wid }).where(eq(messages.id, sent.id)));
  return sent.id;
}

Deno.test("[meta] real Cloud API payloads: orders, flows, groups, BSUID senders, reactions, statuses", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    await metaConnection(t, company.id, "whatsappapi", undefined, {
      phoneId: "1122334455667",
      allowGroup: true,
    });
    let ticketId = 0;

    await tt.step("text: the contact by phone number, its business-scoped id kept", async () => {
      await deliverAndRun(t, uniqueIds(await fixture("cloud_text.json"), "text"));
      const msg = await byWid(t, "wamid.xyzxyz-text");
      assert.ok(msg, "stored");
      const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, msg.contactId!));
      assert.equal(contact.number, "972987654321");
      assert.equal(contact.name, "Test Name");
      assert.equal(contact.lid, "US.13491208655302741918");
      ticketId = msg.ticketId;
    });

    await tt.step("a catalogue order becomes a readable order with its total", async () => {
      await deliverAndRun(t, uniqueIds(await fixture("cloud_order.json"), "order"));
      const msg = await byWid(t, "wamid.xyzxyz-order");
      assert.equal(msg.ticketId, ticketId);
      assert.match(msg.body, /3 × HAMBURGER — 30 ILS/);
      assert.match(msg.body, /2 × FRENCH_FRIES — 35 ILS/);
      assert.match(msg.body, /Total: 180 ILS/);
    });

    await tt.step("a WhatsApp Flow answer (nfm_reply) keeps the fields, not the flow token", async () => {
      await deliverAndRun(t, await fixture("cloud_flow_reply.json"));
      const msg = await byWid(t, "wamid.wegrchytvwcggt==");
      assert.match(msg.body, /^Sent\n/);
      assert.match(msg.body, /delivery_rating: 4/);
      assert.match(msg.body, /comment_text: Comment Text/);
      assert.doesNotMatch(msg.body, /flow_token/);
    });

    await tt.step("a location renders as a map link with its name", async () => {
      await deliverAndRun(t, uniqueIds(await fixture("cloud_location.json"), "loc"));
      const msg = await byWid(t, "wamid.xyzxyz-loc");
      assert.equal(msg.mediaType, "locationMessage");
      const [, link, description] = msg.body.split("|");
      assert.equal(link, "https://maps.google.com/maps?q=37.4611978%2C-122.2164385&z=17");
      assert.match(description, /^Facebook HQ - 1 Hacker Way/);
    });

    await tt.step("an unsupported type is ignored, not stored", async () => {
      await deliverAndRun(t, uniqueIds(await fixture("cloud_unsupported.json"), "unsup"));
      assert.equal(await byWid(t, "wamid.xyzxyz-unsup"), undefined);
    });

    await tt.step("a reaction on our message, then its removal (empty emoji)", async () => {
      await ourMessage(t, company.id, ticketId, "wamid.yzxyzx=");
      await deliverAndRun(t, uniqueIds(await fixture("cloud_reaction.json"), "react"));
      const reaction = await byWid(t, "wamid.xyzxyz-react");
      assert.equal(reaction.mediaType, "reactionMessage");
      assert.equal(reaction.body, "😮");
      await deliverAndRun(t, uniqueIds(await fixture("cloud_unreaction_empty.json"), "unreact"));
      assert.equal(await byWid(t, "wamid.xyzxyz-react"), undefined, "the earlier reaction is gone");
      assert.equal(await byWid(t, "wamid.xyzxyz-unreact"), undefined, "nothing new is stored");
    });

    await tt.step("played shows as played (5); failed puts the provider's reason on the bubble", async () => {
      const id = await ourMessage(t, company.id, ticketId, "wamid.xyzxyz");
      await deliverAndRun(t, await fixture("cloud_status_played.json"));
      let row = (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0];
      assert.equal(row.ack, 5);
      await deliverAndRun(t, await fixture("cloud_status_failed.json"));
      row = (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0];
      assert.match(row.sendError ?? "", /^130472 — User's number is part of an experiment/);
      assert.equal(row.ack, 5, "acks never go down");

      // The attendant retries from the bubble: sent again with a fresh id, the error cleared.
      const { token } = await login(t, admin);
      await t.deps.database.write((tx) =>
        tx.update(tickets).set({ status: "open", userId: admin.user.id }).where(eq(tickets.id, ticketId))
      );
      const sends = graph.sends().length;
      const res = await t.request(`/api/messages/${id}/retry`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(graph.sends().length, sends + 1);
      row = (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0];
      assert.equal(row.sendError, null);
      assert.match(row.wid ?? "", /^wamid\.OUT-/);
      const again = await t.request(`/api/messages/${id}/retry`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(again.status, 400, "only a failed message is retried");
    });

    await tt.step("a button answer naming its sender by from_user_id reaches the same contact", async () => {
      await deliverAndRun(t, await fixture("cloud_button_bsuid.json"));
      const msg = await byWid(t, "wamid.xsidjx");
      assert.equal(msg.body, "title");
      assert.equal(msg.ticketId, ticketId);
    });

    await tt.step(
      "a username-only sender (BSUID, no phone) gets a contact of its own; replies use it",
      async () => {
        await deliverAndRun(t, await fixture("cloud_bsuid_only.json"));
        const msg = await byWid(t, "wamid.bsuid.only");
        const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, msg.contactId!));
        assert.equal(contact.number, "US.55500011122233344455");
        assert.equal(contact.name, "Username User");
        await openWindow(t, msg.ticketId);
        await sendOnTicket(t.deps, company.id, msg.ticketId, { body: "Olá, Bob" });
        const req = graph.sends().at(-1)!;
        assert.equal(req.json?.recipient, "US.55500011122233344455");
        assert.equal(req.json?.to, undefined);

        // The phone number arrives later with the same id: the contact takes it, nobody else's.
        const later = await fixture("cloud_bsuid_only.json");
        const v = (later.entry as { changes: { value: Json }[] }[])[0].changes[0].value;
        const lm = (v.messages as Json[])[0];
        lm.from = "5511955554444";
        lm.id = "wamid.bsuid.phone";
        (v.contacts as Json[])[0].wa_id = "5511955554444";
        await deliverAndRun(t, later);
        const [promoted] = await t.deps.db.select().from(contacts).where(eq(contacts.id, contact.id));
        assert.equal(promoted.number, "5511955554444");
        assert.equal((await byWid(t, "wamid.bsuid.phone")).contactId, contact.id);
      },
    );

    await tt.step(
      "a group message goes to the group's ticket, not the sender's; replies go to the group",
      async () => {
        await deliverAndRun(t, await fixture("cloud_group_text.json"));
        const msg = await byWid(t, "wamid.group.1");
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
        const [group] = await t.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
        assert.equal(group.isGroup, true);
        assert.equal(group.number, "Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD");
        assert.equal(msg.participant, "972555000111");
        await openWindow(t, ticket.id);
        await sendOnTicket(t.deps, company.id, ticket.id, { body: "Bom dia!" });
        const req = graph.sends().at(-1)!;
        assert.equal(req.json?.recipient_type, "group");
        assert.equal(req.json?.to, group.number);
      },
    );
  } finally {
    await m.close();
  }
});

Deno.test("[meta] real Messenger and Instagram payloads: locations, postbacks, reactions, story mentions, reels", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company } = await createCompany(t);
    const fb = await metaConnection(t, company.id, "facebook", undefined, { pageId: "404217156637689" });
    await metaConnection(t, company.id, "instagram", undefined, {
      pageId: "ig-page-1",
      igId: "instagram-message-id-1234",
    });
    await metaConnection(t, company.id, "instagram", "EAAG-ig2", {
      pageId: "ig-page-2",
      igId: "17841400000000000",
      name: "second instagram line",
    });
    const page = async (name: string, pageId = fb.facebookPageUserId!) => {
      const p = await fixture(name);
      (p.entry as Json[])[0].id = pageId;
      return p;
    };

    await tt.step("Messenger location with only coordinates", async () => {
      await deliverAndRun(t, await page("messenger_location.json"));
      const msg = await byWid(t, "mid.$cAAE1UUyiiwthh1ZAO1bVhDxGk2N0");
      assert.equal(msg.mediaType, "locationMessage");
      assert.equal(msg.body, "|https://maps.google.com/maps?q=0%2C0&z=17|0, 0");
    });

    await tt.step("a Get Started postback opens the conversation", async () => {
      await deliverAndRun(t, await page("messenger_postback_get_started.json"));
      const [msg] = await t.deps.db.select().from(messages).where(
        and(eq(messages.companyId, company.id), eq(messages.wid, "postback:1476077422222289:1522222894827")),
      );
      assert.equal(msg.body, "Get Started");
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
      assert.equal(ticket.whatsappId, fb.id);
    });

    await tt.step("a reaction, then unreact removes it", async () => {
      const first = (await t.deps.db.select().from(messages).where(
        eq(messages.wid, "postback:1476077422222289:1522222894827"),
      ))[0];
      await ourMessage(t, company.id, first.ticketId, "mid.$cAAE1UUyiiwthh0NPrVbVf4HFNDGl");
      await deliverAndRun(t, await page("messenger_reaction_react.json"));
      const rid = "mid.$cAAE1UUyiiwthh0NPrVbVf4HFNDGl:reaction:1476077422222289:1469111400000";
      assert.equal((await byWid(t, rid))?.body, "❤️");
      await deliverAndRun(t, await page("messenger_reaction_unreact.json"));
      assert.equal(await byWid(t, rid), undefined);
    });

    await tt.step(
      "an Instagram story mention is kept as the story's media, said to be a mention",
      async () => {
        const p = await fixture("instagram_story_mention.json");
        const att = JSON.stringify(p).replace(
          "https://www.example.com/test.jpeg",
          `${graph.url}/cdn/test.jpeg`,
        );
        await deliverAndRun(t, JSON.parse(att));
        const msg = await byWid(t, "message-id-1");
        assert.equal(msg.body, "📣 Mencionou você no story");
        assert.equal(msg.mediaType, "image");
        assert.ok(msg.mediaUrl);
      },
    );

    await tt.step("a shared reel is kept as media with its title", async () => {
      const p = JSON.stringify(await fixture("instagram_reel.json"))
        .replace(
          "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=18000000000000000",
          `${graph.url}/cdn/reel.mp4`,
        );
      await deliverAndRun(t, JSON.parse(p));
      const msg = await byWid(t, "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQx");
      assert.equal(msg.body, "🎬 Reel compartilhado\nOur new collection");
      assert.ok(msg.mediaUrl);
    });

    await tt.step("an Instagram ice breaker is the first message of the conversation", async () => {
      await deliverAndRun(t, await fixture("instagram_icebreaker.json"));
      const msg = await byWid(t, "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQy");
      assert.equal(msg.body, "Quais são os horários?");
    });
  } finally {
    await m.close();
  }
});
