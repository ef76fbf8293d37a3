import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

Deno.test("[realtime] the socket needs a valid access token", async () => {
  const t = await startTestServer();
  try {
    const res = await fetch(`${t.url}/ws?token=nope`, { headers: { upgrade: "websocket" } });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error, "ERR_UNAUTHENTICATED");
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] company A's client never receives company B's events", async () => {
  const t = await startTestServer();
  try {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const tokA = (await login(t, a.admin)).token;
    const tokB = (await login(t, b.admin)).token;
    const wsA = await connectWs(t.wsUrl, tokA);
    const wsB = await connectWs(t.wsUrl, tokB);
    const res = await t.request(`/api/users/${b.admin.user.id}`, {
      method: "PUT",
      token: tokB,
      json: { name: "Renamed B" },
    });
    assert.equal(res.status, 200);
    await wsB.next((f) =>
      f.event === `company-${b.company.id}-user` && (f.data?.user as { name: string }).name === "Renamed B"
    );
    // A ticket event raised for B through the hub's permission filter.
    await t.deps.hub.publish({
      companyId: b.company.id,
      event: `company-${b.company.id}-ticket`,
      data: { action: "update", ticket: { id: 1 } },
      audience: {
        kind: "ticket",
        ticket: { id: 1, queueId: null, userId: null, isGroup: false, status: "pending" },
      },
    });
    await wsB.next((f) => f.event === `company-${b.company.id}-ticket`);
    await settle();
    assert.equal(wsA.frames.filter((f) => f.event?.includes(`company-${b.company.id}-`)).length, 0);
    assert.equal(wsA.frames.filter((f) => f.event && f.event !== `company-${a.company.id}-user`).length, 0);
    await wsA.close();
    await wsB.close();
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] ticket events reach only users allowed to see the ticket", async () => {
  const t = await startTestServer();
  try {
    const { company, admin } = await createCompany(t);
    const sales = await createQueue(t, company.id, { name: "Sales" });
    const support = await createQueue(t, company.id, { name: "Support" });
    const salesUser = await createUser(t, company.id, { queueIds: [sales.id], allTicket: "disabled" });
    const noGroups = await createUser(t, company.id, { queueIds: [sales.id], allowGroup: false });
    const wsAdmin = await connectWs(t.wsUrl, (await login(t, admin)).token);
    const wsSales = await connectWs(t.wsUrl, (await login(t, salesUser)).token);
    const wsNoGroups = await connectWs(t.wsUrl, (await login(t, noGroups)).token);
    const emit = (
      id: number,
      ticket: { queueId: number | null; isGroup?: boolean; userId?: number | null },
    ) =>
      t.deps.hub.publish({
        companyId: company.id,
        event: `company-${company.id}-ticket`,
        data: { action: "update", ticket: { id } },
        audience: {
          kind: "ticket",
          ticket: { id, status: "pending", isGroup: false, userId: null, ...ticket },
        },
      });
    await emit(1, { queueId: support.id });
    await emit(2, { queueId: sales.id });
    await emit(3, { queueId: null });
    await emit(4, { queueId: sales.id, isGroup: true });
    await emit(5, { queueId: support.id, userId: salesUser.user.id }); // assigned to him: visible
    await wsAdmin.next((f) => (f.data?.ticket as { id: number })?.id === 5);
    await wsSales.next((f) => (f.data?.ticket as { id: number })?.id === 5);
    await settle();
    const ids = (ws: typeof wsAdmin) =>
      ws.frames.filter((f) => f.event === `company-${company.id}-ticket`).map((f) =>
        (f.data!.ticket as { id: number }).id
      );
    assert.deepEqual(ids(wsAdmin), [1, 2, 3, 4, 5]);
    assert.deepEqual(ids(wsSales), [2, 4, 5]); // not Support's, not queue-less (allTicket disabled)
    assert.deepEqual(ids(wsNoGroups), [2, 3]); // no group tickets; queue-less allowed (allTicket enabled)

    // Moving the user to Support changes what his open socket receives.
    const adminTok = (await login(t, admin)).token;
    const res = await t.request(`/api/users/${salesUser.user.id}`, {
      method: "PUT",
      token: adminTok,
      json: { queueIds: [support.id] },
    });
    assert.equal(res.status, 200);
    await wsSales.next((f) =>
      f.event === `company-${company.id}-user` && (f.data?.user as { id: number }).id === salesUser.user.id
    );
    await emit(6, { queueId: support.id });
    await emit(7, { queueId: sales.id });
    await wsNoGroups.next((f) => (f.data?.ticket as { id: number })?.id === 7);
    await settle();
    assert.deepEqual(ids(wsSales).slice(3), [6]);
    for (const ws of [wsAdmin, wsSales, wsNoGroups]) await ws.close();
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] a login elsewhere logs the older session's socket out, and only it", async () => {
  const t = await startTestServer();
  try {
    const { company, admin } = await createCompany(t);
    const first = await login(t, admin);
    const ws1 = await connectWs(t.wsUrl, first.token);
    const second = await login(t, admin);
    const frame = await ws1.next((f) => f.event === `company-${company.id}-auth`);
    assert.equal(frame.data!.action, "logout");
    assert.equal((await ws1.closed).code, 4001);
    const ws2 = await connectWs(t.wsUrl, second.token);
    await settle();
    assert.equal(ws2.frames.filter((f) => f.event === `company-${company.id}-auth`).length, 0);
    // The revoked token cannot open a new socket.
    const res = await fetch(`${t.url}/ws?token=${first.token}`, { headers: { upgrade: "websocket" } });
    assert.equal(res.status, 401);
    await res.body?.cancel();
    await ws2.close();
  } finally {
    await t.close();
  }
});
