/**
 * The webchat channel's edges: new visitors rate limited per address, a company that is
 * not active hides its widget, and the open widget hearing the staff come and go.
 */
import { eq } from "drizzle-orm";
import { companies } from "@db/schema.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { assert, openSession, sessionRequest, SITE, visitorSocket, webchatTenant } from "./_support.ts";

Deno.test("[webchat] new visitors per address are rate limited (429)", async () => {
  const s = await startTestServer({ scheduler: false });
  try {
    const a = await webchatTenant(s);
    const first = await openSession(s, a.conn.webchatKey);
    for (let i = 1; i < 20; i++) await openSession(s, a.conn.webchatKey);
    await expectError(await sessionRequest(s, a.conn.webchatKey, SITE), 429, "ERR_RATE_LIMITED");
    // A visitor already known still finds its conversation: only new visitors count.
    const known = await openSession(s, a.conn.webchatKey, first.token, SITE);
    assert.equal(known.visitorId, first.visitorId);
  } finally {
    await s.close();
  }
});

Deno.test("[webchat] a company that is not active hides its widget (404)", async () => {
  const s = await startTestServer({ scheduler: false });
  try {
    const tenant = await createTenant(s);
    const conn = await expectOk<Json>(
      await s.request("/api/whatsapp", {
        method: "POST",
        token: tenant.adminToken,
        json: { name: "Site", channel: "webchat", webchat: { allowedOrigins: [SITE] } },
      }),
      201,
    );
    await s.deps.database.write((tx) =>
      tx.update(companies).set({ dueDate: "2000-01-01" }).where(eq(companies.id, tenant.company.id))
    );
    await expectError(await sessionRequest(s, String(conn.webchatKey), SITE), 404, "ERR_NOT_FOUND");
  } finally {
    await s.close();
  }
});

Deno.test("[webchat] the open widget hears the staff come online and go offline", async () => {
  const s = await startTestServer({ scheduler: false, env: { WS_PRESENCE_GRACE_MS: "0" } });
  try {
    const a = await webchatTenant(s);
    const key = a.conn.webchatKey;
    const first = await openSession(s, key);
    assert.equal(first.online, false, "nobody of the company is connected");
    const visitor = await visitorSocket(s.url, key, first.token);
    await visitor.next((f) => f.type === "ready" && f.online === false);
    // An attendant opens the app: the widget says online without the visitor doing anything.
    const staff = await connectWs(s.wsUrl, a.adminToken);
    await visitor.next((f) => f.type === "online" && f.online === true, 5000);
    // The last staff socket closes (no grace in this test): offline again.
    await staff.close();
    await visitor.next((f) => f.type === "online" && f.online === false, 5000);
    await visitor.close();
  } finally {
    await s.close();
  }
});
