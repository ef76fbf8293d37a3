/** Internal chat: /api/chats routes, unread counts, owner-only actions, members-only live frames. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { plans } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

type Chat = Json & {
  id: number;
  uuid: string;
  ownerId: number;
  lastMessage: string;
  users: { userId: number; unreads: number }[];
};

const call = (t: TestApp, token: string, method: string, path: string, json?: unknown) =>
  t.request(`/api/chats${path}`, { method, token, ...(json === undefined ? {} : { json }) });

async function world(t: TestApp) {
  const a = await createTenant(t);
  const third = await createUser(t, a.company.id, { name: "Third" });
  const thirdToken = (await login(t, third)).token;
  const b = await createTenant(t);
  return { a, third, thirdToken, b };
}

Deno.test("[chats] every route needs a session", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/chats"],
      ["GET", "/api/chats/1"],
      ["POST", "/api/chats"],
      ["PUT", "/api/chats/1"],
      ["DELETE", "/api/chats/1"],
      ["POST", "/api/chats/1/read"],
      ["GET", "/api/chats/1/messages"],
      ["POST", "/api/chats/1/messages"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("[chats] create, message, unread counts, read; members only; owner-only edits", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a, third, thirdToken, b } = await world(t);
    const chat = await expectOk<Chat>(
      await call(t, a.adminToken, "POST", "", { title: "Shift handover", users: [{ id: a.user.user.id }] }),
      201,
    );
    assert.equal(chat.ownerId, a.admin.user.id);
    assert.deepEqual(chat.users.map((u) => u.userId).sort(), [a.admin.user.id, a.user.user.id].sort());

    const sent = await expectOk<Json>(
      await call(t, a.adminToken, "POST", `/${chat.id}/messages`, { message: "Hi team" }),
      201,
    );
    assert.equal((sent.sender as Json).name, "Admin");
    const mine = await expectOk<{ records: Chat[]; hasMore: boolean }>(await call(t, a.userToken, "GET", ""));
    assert.equal(mine.records.length, 1);
    assert.equal(mine.records[0].lastMessage, "Hi team");
    assert.equal(mine.records[0].users.find((u) => u.userId === a.user.user.id)?.unreads, 1);
    assert.equal(mine.records[0].users.find((u) => u.userId === a.admin.user.id)?.unreads, 0);
    // By uuid too (the screen's /chats/{uuid}).
    await expectOk(await call(t, a.userToken, "GET", `/${chat.uuid}`));
    const msgs = await expectOk<{ records: Json[] }>(
      await call(t, a.userToken, "GET", `/${chat.id}/messages`),
    );
    assert.deepEqual(msgs.records.map((m) => m.message), ["Hi team"]);
    const read = await expectOk<Chat>(
      await call(t, a.userToken, "POST", `/${chat.id}/read`, { userId: a.admin.user.id }),
    );
    assert.equal(read.users.find((u) => u.userId === a.user.user.id)?.unreads, 0);

    // A blank message is refused.
    await expectError(
      await call(t, a.userToken, "POST", `/${chat.id}/messages`, { message: "  " }),
      400,
      "ERR_VALIDATION",
    );
    // Not a member: 403; another company: 404.
    assert.equal(
      (await expectOk<{ records: Chat[] }>(await call(t, thirdToken, "GET", ""))).records.length,
      0,
    );
    await expectError(await call(t, thirdToken, "GET", `/${chat.id}/messages`), 403, "ERR_NO_PERMISSION");
    await expectError(
      await call(t, thirdToken, "POST", `/${chat.id}/messages`, { message: "x" }),
      403,
      "ERR_NO_PERMISSION",
    );
    for (
      const [m, p, body] of [
        ["GET", `/${chat.id}`, undefined],
        ["GET", `/${chat.id}/messages`, undefined],
        ["POST", `/${chat.id}/messages`, { message: "x" }],
        ["POST", `/${chat.id}/read`, {}],
        ["PUT", `/${chat.id}`, { title: "Mine" }],
        ["DELETE", `/${chat.id}`, undefined],
      ] as const
    ) {
      await expectError(await call(t, b.adminToken, m, p, body), 404, "ERR_NOT_FOUND");
    }
    // A member who is not the owner may not edit or delete.
    await expectError(
      await call(t, a.userToken, "PUT", `/${chat.id}`, { title: "Renamed" }),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(await call(t, a.userToken, "DELETE", `/${chat.id}`), 403, "ERR_NO_PERMISSION");
    // Members must be the company's users.
    await expectError(
      await call(t, a.adminToken, "POST", "", { title: "x", users: [b.admin.user.id] }),
      400,
      "ERR_VALIDATION",
    );
    // The owner renames, adds the third user, then deletes.
    const renamed = await expectOk<Chat>(
      await call(t, a.adminToken, "PUT", `/${chat.id}`, {
        title: "Renamed",
        users: [a.user.user.id, third.user.id],
      }),
    );
    assert.equal(renamed.title, "Renamed");
    assert.equal(renamed.users.length, 3);
    assert.equal((await call(t, a.adminToken, "DELETE", `/${chat.id}`)).status, 204);
    await expectError(await call(t, a.adminToken, "GET", `/${chat.id}`), 404, "ERR_NOT_FOUND");
  } finally {
    await t.close();
  }
});

Deno.test("[chats] the plan's useInternalChat gates every route", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { a } = await world(t);
    await t.deps.database.write((tx) =>
      tx.update(plans).set({ useInternalChat: false }).where(eq(plans.id, a.company.planId))
    );
    clearCaches(t.deps.caches);
    await expectError(await call(t, a.adminToken, "GET", ""), 403, "ERR_PLAN_FEATURE");
    await expectError(
      await call(t, a.adminToken, "POST", "", { title: "x", users: [a.user.user.id] }),
      403,
      "ERR_PLAN_FEATURE",
    );
  } finally {
    await t.close();
  }
});

Deno.test("[chats] live frames reach the members only", async () => {
  const t = await startTestServer({ scheduler: false });
  try {
    const { a, thirdToken } = await world(t);
    const member = await connectWs(t.wsUrl, a.userToken);
    const outsider = await connectWs(t.wsUrl, thirdToken);
    const chat = await expectOk<Chat>(
      await call(t, a.adminToken, "POST", "", { title: "Live", users: [a.user.user.id] }),
      201,
    );
    await expectOk(await call(t, a.adminToken, "POST", `/${chat.id}/messages`, { message: "ping" }), 201);
    const event = `company-${a.company.id}-chat`;
    const frame = await member.next((f) => f.event === event && f.data?.action === "new-message");
    assert.equal((frame.data?.newMessage as Json).message, "ping");
    // The spec's per-chat and per-user names carry the same payload.
    const perChat = await member.next((f) =>
      f.event === `${event}-${chat.id}` && f.data?.action === "new-message"
    );
    assert.equal((perChat.data?.newMessage as Json).message, "ping");
    const perUser = await member.next((f) =>
      f.event === `${event}-user-${a.user.user.id}` && f.data?.action === "new-message"
    );
    assert.equal((perUser.data?.chat as Json).id, chat.id);
    await settle();
    assert.equal(outsider.frames.filter((f) => String(f.event).startsWith(event)).length, 0);
    // A member never receives another member's per-user frame.
    assert.equal(
      member.frames.filter((f) =>
        String(f.event).startsWith(`${event}-user-`) &&
        f.event !== `${event}-user-${a.user.user.id}`
      ).length,
      0,
    );
    await member.close();
    await outsider.close();
  } finally {
    await t.close();
  }
});
