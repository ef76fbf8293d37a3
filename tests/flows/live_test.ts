/** Live list updates: company-{id}-flowbuilder and company-{id}-flowcampaign reach that company's admins only. */
import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

Deno.test("[flows] flow and phrase-campaign changes reach the same company's admins over the socket", async (t) => {
  const srv = await startTestServer();
  const a = await createTenant(srv);
  const b = await createTenant(srv);
  const second = await login(srv, await createUser(srv, a.company.id, { profile: "admin" }));
  const wsAdmin = await connectWs(srv.wsUrl, second.token);
  const wsUser = await connectWs(srv.wsUrl, a.userToken);
  const wsB = await connectWs(srv.wsUrl, b.adminToken);
  const req = (path: string, method: string, json?: unknown) =>
    srv.request(`/api${path}`, { method, token: a.adminToken, json });
  const flowEv = `company-${a.company.id}-flowbuilder`;
  const campEv = `company-${a.company.id}-flowcampaign`;
  const on = (event: string, action: string, pred: (d: Json) => boolean = () => true) =>
    wsAdmin.next((f) => f.event === event && f.data?.action === action && pred(f.data as Json));
  try {
    await t.step("flow create, rename, save, duplicate, delete → frames to another admin", async () => {
      const flow = await expectOk<Json>(await req("/flowbuilder", "POST", { name: "Live flow" }), 201);
      const c = await on(flowEv, "create");
      assert.equal((c.data!.flow as Json).id, flow.id);
      assert.equal((c.data!.flow as Json).name, "Live flow");

      await expectOk(await req("/flowbuilder", "PUT", { flowId: flow.id, name: "Renamed" }));
      await on(flowEv, "update", (d) => (d.flow as Json).name === "Renamed");

      await expectOk(await req("/flowbuilder/flow", "POST", { idFlow: flow.id, nodes: [], connections: [] }));
      // The graph save is the flow's second update frame.
      const updates = () =>
        wsAdmin.frames.filter((f) => f.event === flowEv && f.data?.action === "update").length;
      await wsAdmin.next((f) => f.event === flowEv && f.data?.action === "update" && updates() >= 2);

      const copy = await expectOk<Json>(
        await req("/flowbuilder/duplicate", "POST", { flowId: flow.id }),
        201,
      );
      await on(flowEv, "create", (d) => (d.flow as Json).id === copy.id);

      const camp = await expectOk<Json>(
        await req("/flowcampaign", "POST", {
          name: "Promo",
          flowId: copy.id,
          phrase: "promo",
          whatsappId: null,
        }),
        201,
      );
      await on(campEv, "create", (d) => (d.record as Json).id === camp.id);
      await expectOk(
        await req("/flowcampaign", "PUT", { id: camp.id, name: "Promo 2", flowId: copy.id, phrase: "promo" }),
      );
      await on(campEv, "update", (d) => (d.record as Json).name === "Promo 2");

      // Deleting the flow takes its phrase campaign with it: both lists hear it.
      await req(`/flowbuilder/${copy.id}`, "DELETE");
      const d = await on(flowEv, "delete", (d) => d.flowId === copy.id);
      assert.equal(d.data!.id, copy.id);
      await on(campEv, "delete", (d) => d.recordId === camp.id);

      const camp2 = await expectOk<Json>(
        await req("/flowcampaign", "POST", { name: "Other", flowId: flow.id, phrase: "other" }),
        201,
      );
      await req(`/flowcampaign/${camp2.id}`, "DELETE");
      await on(campEv, "delete", (d) => d.id === camp2.id);
    });

    await t.step("another company's sockets and the company's profile users hear nothing", async () => {
      await settle();
      const flowish = (e?: string) => /-flow(builder|campaign)$/.test(e ?? "");
      assert.ok(!wsB.frames.some((f) => flowish(f.event)));
      assert.ok(!wsUser.frames.some((f) => flowish(f.event)));
    });
  } finally {
    await wsAdmin.close();
    await wsUser.close();
    await wsB.close();
    await srv.close();
  }
});
