import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import { createTenant } from "../../_helpers/tenant.ts";
import { SUBSCRIBED_FIELDS } from "@/channels/meta/connect.ts";
import { APP_ID, APP_SECRET, IG_ID, PAGE_ID, PHONE_ID, startMeta } from "./_support.ts";

type Conn = { id: number; name: string; channel: string; status: string; number: string | null };

Deno.test("[meta] GET /settingsFacebook and POST /facebook create facebook and instagram connections", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const tenant = await createTenant(t, { user: { allowConnections: "disabled" } });
    graph.pages = [
      {
        id: PAGE_ID,
        name: "Loja Centro",
        access_token: "PAGE-TOKEN-1",
        instagram_business_account: { id: IG_ID, username: "loja.centro" },
      },
      { id: "2000005", name: "Loja Norte", access_token: "PAGE-TOKEN-2" },
    ];
    const connect = (token: string, body: unknown) =>
      t.request("/api/facebook", { method: "POST", token, json: body });
    const input = { facebookUserId: "10101", facebookUserToken: "SHORT-user-token", addInstagram: true };

    await tt.step("GET /settingsFacebook: the app id (401 without a session)", async () => {
      const res = await t.request("/api/settingsFacebook", { token: tenant.adminToken });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { facebookAppId: APP_ID });
      const anon = await t.request("/api/settingsFacebook");
      assert.equal(anon.status, 401);
      await anon.body?.cancel();
    });

    await tt.step("a profile user may not connect pages; bad input is 400", async () => {
      const res = await connect(tenant.userToken, input);
      assert.equal(res.status, 403);
      assert.equal((await res.json()).error, "ERR_NO_PERMISSION");
      const bad = await connect(tenant.adminToken, { facebookUserId: "1" });
      assert.equal(bad.status, 400);
      assert.equal((await bad.json()).error, "ERR_VALIDATION");
    });

    await tt.step(
      "the token exchange, page list and subscriptions go to Graph; connections are created",
      async () => {
        const res = await connect(tenant.adminToken, input);
        assert.equal(res.status, 201, await res.clone().text());
        const b = await res.json() as { connections: Conn[]; skipped: unknown[] };
        assert.deepEqual(
          b.connections.map((c) => [c.channel, c.name, c.status]).sort(),
          [
            ["facebook", "Loja Centro", "CONNECTED"],
            ["facebook", "Loja Norte", "CONNECTED"],
            ["instagram", "Insta loja.centro", "CONNECTED"],
          ],
        );
        assert.ok(b.connections.every((c) => !("metaAccessToken" in c)));
        const exchange = graph.requests.find((r) => r.path === "/oauth/access_token")!;
        assert.equal(exchange.query.get("grant_type"), "fb_exchange_token");
        assert.equal(exchange.query.get("client_id"), APP_ID);
        assert.equal(exchange.query.get("client_secret"), APP_SECRET);
        assert.equal(exchange.query.get("fb_exchange_token"), "SHORT-user-token");
        const accounts = graph.requests.find((r) => r.path === "/me/accounts")!;
        assert.equal(accounts.authorization, "Bearer LONG-SHORT-user-token");
        assert.match(accounts.query.get("fields") ?? "", /instagram_business_account/);
        const subs = graph.requests.filter((r) => r.path.endsWith("/subscribed_apps"));
        assert.deepEqual(subs.map((s) => [s.path, s.authorization, s.form?.subscribed_fields]).sort(), [
          [`/${PAGE_ID}/subscribed_apps`, "Bearer PAGE-TOKEN-1", SUBSCRIBED_FIELDS],
          [`/2000005/subscribed_apps`, "Bearer PAGE-TOKEN-2", SUBSCRIBED_FIELDS],
        ]);
        const rows = await t.deps.db.select().from(whatsapps).where(
          eq(whatsapps.companyId, tenant.company.id),
        );
        const ig = rows.find((r) => r.channel === "instagram")!;
        assert.equal(ig.instagramUserId, IG_ID);
        assert.equal(ig.facebookPageUserId, PAGE_ID);
        assert.match(ig.metaAccessToken ?? "", /^enc:v1:/);
        assert.equal(await t.deps.secrets.open(ig.metaAccessToken!), "PAGE-TOKEN-1");
        const listed = await (await t.request("/api/whatsapp", { token: tenant.adminToken })).text();
        assert.ok(!listed.includes("PAGE-TOKEN") && !listed.includes("enc:v1:"));
      },
    );

    await tt.step("connecting again renews the tokens without duplicating connections", async () => {
      graph.pages[0].access_token = "PAGE-TOKEN-1b";
      const res = await connect(tenant.adminToken, input);
      assert.equal(res.status, 201);
      await res.body?.cancel();
      const rows = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.companyId, tenant.company.id));
      assert.equal(rows.length, 3);
      const fb = rows.find((r) => r.facebookPageUserId === PAGE_ID && r.channel === "facebook")!;
      assert.equal(await t.deps.secrets.open(fb.metaAccessToken!), "PAGE-TOKEN-1b");
    });

    await tt.step("a Page another company connected is skipped", async () => {
      const other = await createTenant(t);
      const res = await connect(other.adminToken, { ...input, addInstagram: false });
      const b = await res.json();
      assert.equal(res.status, 201);
      assert.equal(b.connections.length, 0);
      assert.deepEqual(b.skipped.map((s: { id: string }) => s.id).sort(), [PAGE_ID, "2000005"]);
    });

    await tt.step("plan flags and the connection limit are enforced", async () => {
      const noFb = await createTenant(t, { plan: { useFacebook: false } });
      const r1 = await connect(noFb.adminToken, { ...input, addInstagram: false });
      assert.equal(r1.status, 403);
      assert.deepEqual((await r1.json()).details, { feature: "useFacebook" });
      const noIg = await createTenant(t, { plan: { useInstagram: false } });
      const r2 = await connect(noIg.adminToken, input);
      assert.equal(r2.status, 403);
      assert.deepEqual((await r2.json()).details, { feature: "useInstagram" });
      const small = await createTenant(t, { plan: { connections: 1 } });
      graph.pages = [
        { id: "7000001", name: "A", access_token: "PA" },
        { id: "7000002", name: "B", access_token: "PB" },
      ];
      const r3 = await connect(small.adminToken, { ...input, addInstagram: false });
      assert.equal(r3.status, 403);
      assert.equal((await r3.json()).error, "ERR_PLAN_LIMIT_REACHED");
      assert.equal(
        (await t.deps.db.select().from(whatsapps).where(eq(whatsapps.companyId, small.company.id))).length,
        0,
      );
    });
  } finally {
    await m.close();
  }
});

Deno.test("[meta] POST /api/whatsapp creates a Cloud API connection with a sealed, never-returned token", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const tenant = await createTenant(t);
    const create = (token: string, body: Record<string, unknown>) =>
      t.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: "Cloud line", channel: "whatsappapi", ...body },
      });

    let connId = 0;
    await tt.step("the phone number id and the token are required for whatsappapi", async () => {
      const res = await create(tenant.adminToken, { metaPhoneNumberId: PHONE_ID });
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, "ERR_VALIDATION");
    });

    await tt.step("created, checked against Graph, CONNECTED with the display number", async () => {
      const res = await create(tenant.adminToken, {
        metaPhoneNumberId: PHONE_ID,
        metaBusinessAccountId: "4000004",
        metaAccessToken: "EAAG-system-user-token",
      });
      const text = await res.text();
      assert.equal(res.status, 201, text);
      assert.ok(!text.includes("EAAG-system-user-token") && !text.includes("metaAccessToken"));
      const b = JSON.parse(text);
      connId = b.id;
      assert.equal(b.status, "CONNECTED");
      assert.equal(b.number, "551140001000");
      assert.equal(b.metaPhoneNumberId, PHONE_ID);
      const probe = graph.requests.find((r) => r.path === `/${PHONE_ID}`)!;
      assert.equal(probe.authorization, "Bearer EAAG-system-user-token");
      const [row] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, b.id));
      assert.match(row.metaAccessToken ?? "", /^enc:v1:/);
      assert.equal(await t.deps.secrets.open(row.metaAccessToken!), "EAAG-system-user-token");
    });

    await tt.step("PUT replaces the token (sealed, never echoed) and checks it again", async () => {
      const res = await t.request(`/api/whatsapp/${connId}`, {
        method: "PUT",
        token: tenant.adminToken,
        json: { metaAccessToken: "EAAG-rotated-token" },
      });
      const text = await res.text();
      assert.equal(res.status, 200, text);
      assert.ok(!text.includes("EAAG-rotated-token"));
      const [row] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, connId));
      assert.equal(await t.deps.secrets.open(row.metaAccessToken!), "EAAG-rotated-token");
      assert.equal(
        graph.requests.filter((r) => r.path === `/${PHONE_ID}`).at(-1)?.authorization,
        "Bearer EAAG-rotated-token",
      );
    });

    await tt.step("a phone number id already connected elsewhere is a conflict", async () => {
      const other = await createTenant(t);
      const res = await create(other.adminToken, {
        metaPhoneNumberId: PHONE_ID,
        metaAccessToken: "EAAG-other-token",
      });
      assert.equal(res.status, 409);
      assert.deepEqual((await res.json()).details, { field: "metaPhoneNumberId" });
    });
  } finally {
    await m.close();
  }
});
