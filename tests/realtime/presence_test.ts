/** The online flag under socket churn: set on arrival, kept through a quick reconnect. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "@db/schema.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { connectWs, type Frame, settle } from "../_helpers/ws_client.ts";

const presenceOf = (event: string, userId: number) => (f: Frame) =>
  f.event === event && (f.data?.user as { id: number } | undefined)?.id === userId;

Deno.test("[realtime] a user is online while connected; a reconnect within the grace period changes nothing", async () => {
  const t = await startTestServer({ env: { WS_PRESENCE_GRACE_MS: "3000" } });
  try {
    const { company, admin } = await createCompany(t);
    const ana = await createUser(t, company.id, { profile: "user" });
    const event = `company-${company.id}-user`;
    const observer = await connectWs(t.wsUrl, (await login(t, admin)).token);
    const online = async () =>
      (await t.deps.db.select({ online: users.online }).from(users).where(eq(users.id, ana.user.id)))[0]
        .online;

    const token = (await login(t, ana)).token;
    const first = await connectWs(t.wsUrl, token);
    const on = await observer.next((f) => presenceOf(event, ana.user.id)(f) && f.data?.user !== undefined);
    assert.equal((on.data?.user as { online: boolean }).online, true);
    assert.equal(await online(), true);

    // Dropped and back at once (a network blip, a shed socket): no write, no frame.
    await first.close();
    const again = await connectWs(t.wsUrl, token);
    await settle(3500); // past the grace period: the cancelled timer never fires
    assert.equal(observer.frames.filter(presenceOf(event, ana.user.id)).length, 1);
    assert.equal(await online(), true);

    // Gone for longer than the grace period: offline, announced once.
    await again.close();
    const off = await observer.next(
      (f) => presenceOf(event, ana.user.id)(f) && (f.data?.user as { online: boolean }).online === false,
      10_000,
    );
    assert.ok(off);
    assert.equal(await online(), false);
    await observer.close();
  } finally {
    await t.close();
  }
});
