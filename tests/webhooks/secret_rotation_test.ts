/**
 * Rotating a subscription's secret with an overlap: for the window the deliveries carry one v1 per
 * secret, so a receiver still on the former secret and one already on the new both verify with the
 * documented recipe; after it only the new secret signs. overlapHours 0 drops the former at once.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { login } from "../_helpers/factories.ts";
import { settle, startReceiver, subscribe, verifyAsDocumented } from "./_receiver.ts";

const HOUR = 3_600_000;

Deno.test("[webhooks] secret rotation: both secrets sign during the overlap, only the new one after", async () => {
  const clock = new ManualClock("2026-03-02T12:00:00Z");
  const t = await createTestApp({ scheduler: false, clock });
  const rx = startReceiver();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const sub = await subscribe(t, a.adminToken, rx.url, ["message.created"]);
    let token = a.adminToken;
    const rotate = async (json: Json) =>
      await expectOk<Json & { secret: string; secretHint: string }>(
        await t.request(`/api/webhook-subscriptions/${sub.id}/rotate-secret`, {
          method: "POST",
          token,
          json,
        }),
      );
    const lastCall = async (text: string) => {
      await customerSays(t, a.conn, "5511988880001", text);
      await settle(t);
      const c = rx.calls.at(-1)!;
      assert.equal(JSON.parse(c.body).data.message.body, text);
      const header = c.headers.get("atende-signature")!;
      const nowS = Math.floor(clock.now().getTime() / 1000);
      return {
        header,
        verifies: (secret: string) => verifyAsDocumented(secret, header, c.body, nowS),
      };
    };

    const rotated = await rotate({});
    assert.notEqual(rotated.secret, sub.secret);
    assert.equal(rotated.previousSecretHint, sub.secretHint);
    assert.equal(rotated.previousSecretUntil, "2026-03-03T12:00:00.000Z");

    const during = await lastCall("during the overlap");
    assert.match(during.header, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.ok(await during.verifies(sub.secret), "the former secret still verifies");
    assert.ok(await during.verifies(rotated.secret), "the new secret verifies");
    assert.ok(!await during.verifies("whsec_" + "x".repeat(40)));

    clock.advance(24 * HOUR + 1000);
    const after = await lastCall("after the overlap");
    assert.match(after.header, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.ok(!await after.verifies(sub.secret), "the former secret no longer verifies");
    assert.ok(await after.verifies(rotated.secret));

    // A leaked secret: overlap 0 drops the former at once (a day later: a fresh login).
    token = (await login(t, a.admin)).token;
    const leaked = await rotate({ overlapHours: 0 });
    assert.equal(leaked.previousSecretHint, null);
    assert.equal(leaked.previousSecretUntil, null);
    const now = await lastCall("right after a rotation without overlap");
    assert.ok(!await now.verifies(rotated.secret));
    assert.ok(await now.verifies(leaked.secret));

    const e = await expectError(
      await t.request(`/api/webhook-subscriptions/${sub.id}/rotate-secret`, {
        method: "POST",
        token,
        json: { overlapHours: 1000 },
      }),
      400,
      "ERR_VALIDATION",
    );
    assert.ok(e.details);
    // The list shows the overlap but never a secret.
    const list = await expectOk<Json[]>(
      await t.request("/api/webhook-subscriptions", { token }),
    );
    assert.ok(list.every((s) => !("secret" in s) && !("previousSecret" in s)));
  } finally {
    await rx.close();
    await t.close();
  }
});
