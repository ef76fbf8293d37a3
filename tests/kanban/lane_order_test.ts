/**
 * The board's lane order: new lanes go last, PUT /tag/kanban/order sets the admin's order, and every
 * lane list (GET /tag/kanban, /tags/list?kanban=1, /tags?kanban=1) follows it.
 */
import assert from "node:assert/strict";
import { plans } from "@db/schema.ts";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { clearCaches } from "@/caches.ts";

type Lane = { id: number; name: string };

const send = (t: TestApp, path: string, token: string, method = "GET", json?: unknown) =>
  t.request(path, { method, token, ...(json === undefined ? {} : { json }) });

async function newLane(t: TestApp, token: string, name: string) {
  return await expectOk<Lane>(await send(t, "/api/tags", token, "POST", { name, kanban: 1 }), 201);
}

async function names(t: TestApp, token: string) {
  const board = await expectOk<{ lista: Lane[] }>(await send(t, "/api/tag/kanban", token));
  const list = await expectOk<Lane[]>(await send(t, "/api/tags/list?kanban=1", token));
  const page = await expectOk<{ tags: Lane[] }>(await send(t, "/api/tags?kanban=1", token));
  assert.deepEqual(list.map((l) => l.name), board.lista.map((l) => l.name));
  assert.deepEqual(page.tags.map((l) => l.name), board.lista.map((l) => l.name));
  return board.lista.map((l) => l.name);
}

Deno.test("[kanban] lane order: needs a session", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [["PUT", "/api/tag/kanban/order"]]);
  } finally {
    await t.close();
  }
});

Deno.test("[kanban] lane order: new lanes last, the admin's order kept, tenancy and roles", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t);
    const b = await createTenant(t);
    // Created in funnel order, which is not alphabetical.
    const novo = await newLane(t, a.adminToken, "Novo pedido");
    const prod = await newLane(t, a.adminToken, "Em produção");
    const done = await newLane(t, a.adminToken, "Entregue");
    assert.deepEqual(await names(t, a.adminToken), ["Novo pedido", "Em produção", "Entregue"]);

    // Reorder; a lane made afterwards goes last.
    await expectOk(
      await send(t, "/api/tag/kanban/order", a.adminToken, "PUT", { ids: [done.id, novo.id, prod.id] }),
    );
    await newLane(t, a.adminToken, "Arquivado");
    assert.deepEqual(await names(t, a.adminToken), ["Entregue", "Novo pedido", "Em produção", "Arquivado"]);
    // A plain tag turned into a lane also goes last.
    const plain = await expectOk<Lane>(
      await send(t, "/api/tags", a.adminToken, "POST", { name: "Aaa" }),
      201,
    );
    await expectOk(await send(t, `/api/tags/${plain.id}`, a.adminToken, "PUT", { kanban: 1 }));
    assert.equal((await names(t, a.adminToken)).at(-1), "Aaa");

    const all = (await expectOk<{ lista: Lane[] }>(await send(t, "/api/tag/kanban", a.adminToken))).lista
      .map((l) => l.id);
    // Another company's lane: 404, as for a missing one; nothing changes.
    const foreign = await newLane(t, b.adminToken, "Foreign");
    await expectError(
      await send(t, "/api/tag/kanban/order", a.adminToken, "PUT", { ids: [...all, foreign.id] }),
      404,
      "ERR_NOT_FOUND",
    );
    await expectError(
      await send(t, "/api/tag/kanban/order", b.adminToken, "PUT", { ids: [novo.id] }),
      404,
      "ERR_NOT_FOUND",
    );
    // A stale list (a lane missing or twice) is refused rather than half-applied.
    await expectError(
      await send(t, "/api/tag/kanban/order", a.adminToken, "PUT", { ids: all.slice(1) }),
      400,
      "ERR_VALIDATION",
    );
    await expectError(
      await send(t, "/api/tag/kanban/order", a.adminToken, "PUT", { ids: [all[0], ...all.slice(0, -1)] }),
      400,
      "ERR_VALIDATION",
    );
    // A plain user may not order lanes.
    await expectError(
      await send(t, "/api/tag/kanban/order", a.userToken, "PUT", { ids: [...all].reverse() }),
      403,
      "ERR_NO_PERMISSION",
    );
    assert.deepEqual(await names(t, a.adminToken), [
      "Entregue",
      "Novo pedido",
      "Em produção",
      "Arquivado",
      "Aaa",
    ]);

    // Without the plan's kanban: 403.
    await t.deps.database.write((tx) =>
      tx.update(plans).set({ useKanban: false }).where(eq(plans.id, a.company.planId))
    );
    clearCaches(t.deps.caches);
    await expectError(
      await send(t, "/api/tag/kanban/order", a.adminToken, "PUT", { ids: [...all].reverse() }),
      403,
      "ERR_PLAN_FEATURE",
    );
  } finally {
    await t.close();
  }
});
