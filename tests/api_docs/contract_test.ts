/**
 * The contract of the application API: every route mounted under /api is documented or on the
 * staff-only list; the document is valid OpenAPI 3.1; every documented route is called here and
 * its answer validated (ajv, 2020-12) against the schema the document publishes for it.
 */
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { API_ROUTES } from "@/api_docs/documented.ts";
import { type ApiRoute, routeKey, scopeOf } from "@/api_docs/registry.ts";
import { buildOpenApiDocument, openApiPath } from "@/api_docs/openapi.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { KEY_ROUTES, scopeFor } from "@/api_keys/scopes.ts";
import { STAFF_ONLY } from "./staff_only.ts";
import { callDocumented, type DocAuth, type DocCall, keyMaker } from "./call_documented.ts";

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument();
const byId = new Map(API_ROUTES.map((r) => [r.operationId, r]));
const route = (operationId: string): ApiRoute => {
  const r = byId.get(operationId);
  if (!r) throw new Error(`no documented route ${operationId}`);
  return r;
};

/** ajv over the document itself: answers are checked against the schemas it publishes. */
function answerValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: "openapi.json" });
  const ptr = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");
  return (r: ApiRoute, status: number, body: unknown): string | null => {
    const at = `openapi.json#/paths/${ptr(openApiPath(r.path))}/${r.method}/responses/${status}`;
    const response = (((doc.paths as Json)[openApiPath(r.path)] as Json)[r.method] as Json).responses as Json;
    const documented = response[String(status)] as Json | undefined;
    if (!documented) return `${status} is not a documented answer`;
    if (!documented.content) return body === null ? null : `${status} documents no body`;
    const check = ajv.compile({ $ref: `${at}/content/application~1json/schema` });
    return check(body) ? null : ajv.errorsText(check.errors, { separator: "\n  " });
  };
}

Deno.test("[api_docs] every route under /api is in the document or on the staff-only list", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const mounted = new Set(
      t.app.routes.filter((r) => r.path.startsWith("/api")).map((r) => `${r.method} ${r.path}`),
    );
    const documented = new Set(API_ROUTES.map(routeKey));
    const staff = new Set(Object.values(STAFF_ONLY).flat());
    const neither = [...mounted].filter((k) => !documented.has(k) && !staff.has(k)).sort();
    assert.deepEqual(neither, [], "mounted under /api but neither documented nor listed in staff_only.ts");
    assert.deepEqual([...documented].filter((k) => !mounted.has(k)), [], "documented but not mounted");
    assert.deepEqual([...staff].filter((k) => !mounted.has(k)), [], "listed as staff-only but not mounted");
    assert.deepEqual([...documented].filter((k) => staff.has(k)), [], "both documented and staff-only");
  } finally {
    await t.close();
  }
});

Deno.test("[api_docs] a key can call exactly the documented routes: the scope table and the document are one list", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const documented = new Set(API_ROUTES.filter((r) => r.resource).map(routeKey));
    const keyOpen = new Set(KEY_ROUTES.map((k) => k.route));
    assert.deepEqual(
      [...keyOpen].filter((k) => !documented.has(k)).sort(),
      [],
      "open to keys but not documented",
    );
    assert.deepEqual(
      [...documented].filter((k) => !keyOpen.has(k)).sort(),
      [],
      "documented but closed to keys",
    );
    // The key check matches request paths, not route names: no other mounted route may fall under
    // a row's pattern (`/contacts/:id` must not open `/contacts/list`, `/messages/:ticketUuid` not
    // `/messages/transcribeAudio`).
    const uuid = "5f0c2a9e-8d1b-4c3f-9a7e-2b6d4e8f1a3c";
    const leaks = t.app.routes
      .filter((r) =>
        r.path.startsWith("/api/") && r.method !== "ALL" && !keyOpen.has(`${r.method} ${r.path}`)
      )
      .flatMap((r) =>
        [uuid, "1"].map((v) => r.path.replace(/^\/api/, "").replace(/:\w+/g, v))
          .filter((p) => scopeFor(r.method, p) !== null)
          .map((p) => `${r.method} ${r.path} (as ${p})`)
      );
    assert.deepEqual([...new Set(leaks)], [], "mounted routes a key reaches without a row of their own");
  } finally {
    await t.close();
  }
});

Deno.test("[api_docs] the document is valid OpenAPI 3.1 and each route has a scope, errors and an example", async () => {
  const result = await new Validator().validate(structuredClone(doc));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1));
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(new Set(API_ROUTES.map((r) => r.operationId)).size, API_ROUTES.length, "operationIds unique");
  for (const r of API_ROUTES) {
    const op = ((doc.paths as Json)[openApiPath(r.path)] as Json)[r.method] as Json;
    const scope = scopeOf(r);
    assert.equal(
      !!scope,
      !!r.resource,
      `${r.operationId}: a documented route is open to keys (api_keys/scopes.ts)`,
    );
    if (scope) {
      assert.match(scope, /^[a-z-]+:(read|write|send)$/);
      if (!scope.endsWith(":send")) {
        assert.equal(
          scope.endsWith(":read"),
          r.method === "get",
          `${r.operationId}: GET reads, others write`,
        );
      }
      assert.deepEqual(op.security, [{ bearerAuth: [scope] }]);
      assert.ok(
        (op.responses as Json)["401"] && (op.responses as Json)["403"],
        `${r.operationId}: auth errors`,
      );
    } else {
      assert.deepEqual(op.security, [{ connectionToken: [] }]);
    }
    // The examples are requests the route's own schemas accept.
    if (r.body) {
      const parsed = r.body.safeParse(r.example.body);
      assert.ok(parsed.success, `${r.operationId}: example body: ${JSON.stringify(parsed.error?.issues)}`);
    }
    if (r.query) {
      const parsed = r.query.safeParse(r.example.query ?? {});
      assert.ok(parsed.success, `${r.operationId}: example query: ${JSON.stringify(parsed.error?.issues)}`);
    }
    for (const name of Object.keys(r.params ?? {})) {
      assert.ok(r.example.params?.[name] !== undefined, `${r.operationId}: example of :${name}`);
    }
  }
});

Deno.test("[api_docs] every documented route is called and answers as documented", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  const sink = startWebhookSink();
  const validate = answerValidator();
  try {
    const tenant = await createTenant(t, { webhook: sink, queues: [{ name: "Vendas" }], user: false });
    const auth: DocAuth = { keys: keyMaker(t, tenant.adminToken), connectionToken: tenant.conn.token };
    const s = {
      contactId: 0,
      ticketId: 0,
      ticketUuid: "",
      tagId: 0,
      scheduleId: 0,
      listId: 0,
      campaignId: 0,
    };
    const called = new Set<string>();
    const call = async (operationId: string, input: DocCall = {}) => {
      const r = route(operationId);
      const answer = await callDocumented(t, r, auth, input);
      assert.equal(answer.status, r.answer.status, `${operationId}: ${JSON.stringify(answer.body)}`);
      const problem = validate(r, answer.status, answer.body);
      assert.equal(
        problem,
        null,
        `${operationId}: the answer does not match its documented schema:\n  ${problem}`,
      );
      called.add(operationId);
      return answer.body as Json;
    };

    await tt.step("contacts", async () => {
      s.contactId = (await call("createContact", {
        json: { name: "Maria Souza", number: "5511988887777", email: "maria@example.com" },
      })).id as number;
      await call("listContacts", { query: { searchParam: "maria" } });
      await call("showContact", { params: { id: s.contactId } });
      await call("updateContact", { params: { id: s.contactId }, json: { name: "Maria S. Souza" } });
    });
    await tt.step("tickets and messages", async () => {
      const ticket = await call("createTicket", {
        json: { contactId: s.contactId, whatsappId: tenant.conn.id, userId: tenant.admin.user.id },
      });
      s.ticketId = ticket.id as number;
      s.ticketUuid = ticket.uuid as string;
      await call("showTicketByUuid", { params: { uuid: s.ticketUuid } });
      await call("listTickets", { query: { status: "open", showAll: "true" } });
      await call("showTicket", { params: { id: s.ticketId } });
      await call("updateTicket", { params: { id: s.ticketId }, json: { queueId: tenant.queues[0].id } });
      const sent = await call("sendTicketMessage", {
        params: { ticketId: s.ticketId },
        json: { body: "Your order has shipped." },
      });
      await call("listMessages", { params: { ticketUuid: s.ticketUuid } });
      await call("getMessageBody", { params: { id: sent.id as number } });
      // As the e-mail channel stores an HTML mail's view (channels/email/inbound.ts).
      await t.deps.database.write((tx) =>
        tx.update(messages).set({ dataJson: JSON.stringify({ html: "<p>Your <b>order</b></p>", cids: {} }) })
          .where(eq(messages.id, sent.id as number))
      );
      await call("getMessageHtml", { params: { id: sent.id as number } });
    });
    await tt.step("tags", async () => {
      s.tagId = (await call("createTag", { json: { name: "VIP", color: "#A855F7" } })).id as number;
      await call("listTags");
      await call("showTag", { params: { id: s.tagId } });
      await call("updateTag", { params: { id: s.tagId }, json: { color: "#EAB308" } });
      await call("tagTicket", { params: { ticketId: s.ticketId, tagId: s.tagId } });
      await call("untagTicket", { params: { ticketId: s.ticketId, tagId: s.tagId } });
      await call("setContactTags", {
        json: { contactId: s.contactId, tags: [{ id: s.tagId }, { name: "Newsletter" }] },
      });
      const temp = (await call("createTag", { json: { name: "Temporary", color: "#64748B" } })).id as number;
      await call("deleteTag", { params: { id: temp } });
    });
    await tt.step("queues and quick replies", async () => {
      await call("listQueues");
      const queueId = (await call("createQueue", { json: { name: "Suporte", color: "#0EA5E9" } }))
        .id as number;
      await call("showQueue", { params: { id: queueId } });
      await call("updateQueue", {
        params: { id: queueId },
        json: { greetingMessage: "Support answers 8h–18h." },
      });
      await call("deleteQueue", { params: { id: queueId } });
      const qmId = (await call("createQuickMessage", {
        json: { shortcode: "boleto", message: "Your invoice is attached." },
      })).id as number;
      await call("listQuickMessages");
      await call("showQuickMessage", { params: { id: qmId } });
      await call("updateQuickMessage", { params: { id: qmId }, json: { message: "Invoice attached." } });
      await call("deleteQuickMessage", { params: { id: qmId } });
    });
    await tt.step("schedules", async () => {
      s.scheduleId = (await call("createSchedule", {
        json: { contactId: s.contactId, body: "Reminder: your appointment.", sendAt: "2030-01-02T12:00:00Z" },
      })).id as number;
      await call("listSchedules", { query: { contactId: String(s.contactId) } });
      await call("showSchedule", { params: { id: s.scheduleId } });
      await call("updateSchedule", {
        params: { id: s.scheduleId },
        json: { sendAt: "2030-01-03T12:00:00Z" },
      });
      await call("deleteSchedule", { params: { id: s.scheduleId } });
    });
    await tt.step("contact lists and campaigns", async () => {
      s.listId = (await call("createContactList", { json: { name: "Black Friday" } })).id as number;
      await call("listContactLists");
      await call("showContactList", { params: { id: s.listId } });
      await call("updateContactList", { params: { id: s.listId }, json: { name: "Black Friday 2030" } });
      const itemId = (await call("addContactListItem", {
        json: { contactListId: s.listId, name: "João", number: "5511977776666" },
      })).id as number;
      await call("showContactListItem", { params: { id: itemId } });
      await call("updateContactListItem", { params: { id: itemId }, json: { name: "João Lima" } });
      await call("listContactListItems", { query: { contactListId: String(s.listId) } });
      s.campaignId = (await call("createCampaign", {
        json: { name: "Promo", message1: "Hi {nome}!", contactListId: s.listId, whatsappId: tenant.conn.id },
      })).id as number;
      await call("listCampaigns");
      await call("showCampaign", { params: { id: s.campaignId } });
      await call("updateCampaign", {
        params: { id: s.campaignId },
        json: { message1: "Hi {nome}! 25% off." },
      });
      assert.equal((await call("startCampaign", { params: { id: s.campaignId } })).status, "EM_ANDAMENTO");
      assert.equal((await call("cancelCampaign", { params: { id: s.campaignId } })).status, "CANCELADA");
      await call("deleteCampaign", { params: { id: s.campaignId } });
      const spare = (await call("addContactListItem", {
        json: { contactListId: s.listId, name: "Ana", number: "5511966665555" },
      })).id as number;
      await call("deleteContactListItem", { params: { id: spare } });
      await call("deleteContactList", { params: { id: s.listId } });
    });
    await tt.step("reports", async () => {
      await call("dashboard", { query: { days: "7" } });
      await call("ticketsReport", { query: { pageSize: "50" } });
    });
    await tt.step("the send API, with the connection's token", async () => {
      await call("sendMessage", { json: { number: "5511955554444", body: "Hello from the send API" } });
    });
    await tt.step("webhooks: subscribe, a delivery in the log, send again", async () => {
      const created = await call("createWebhookSubscription", {
        json: { url: `${sink.url}/events`, events: ["contact.created"] },
      });
      const id = created.id as number;
      await call("listWebhookSubscriptions");
      await call("showWebhookSubscription", { params: { id } });
      await call("createContact", { json: { name: "João Lima", number: "5511977776666" } });
      // The delivery row is written by the event's listener, after the answer.
      const page = await waitUntil("a delivery in the log", async () => {
        const p = await call("listWebhookDeliveries", { params: { id } });
        return (p.deliveries as Json[]).length ? p : null;
      });
      const deliveryId = (page.deliveries as Json[])[0].id as number;
      await call("showWebhookDelivery", { params: { id, deliveryId } });
      await call("resendWebhookDelivery", { params: { id, deliveryId } });
      await call("rotateWebhookSecret", { params: { id } });
      await call("updateWebhookSubscription", { params: { id }, json: { status: "disabled" } });
      await call("deleteWebhookSubscription", { params: { id } });
    });
    await tt.step("close and delete", async () => {
      const closed = await call("updateTicket", { params: { id: s.ticketId }, json: { status: "closed" } });
      assert.equal(closed.status, "closed");
      await call("deleteTicket", { params: { id: s.ticketId } });
      await call("deleteContact", { params: { id: s.contactId } });
    });
    await tt.step("every documented route was called", () => {
      assert.deepEqual(API_ROUTES.map((r) => r.operationId).filter((id) => !called.has(id)), []);
    });
    await tt.step("without credentials every route answers 401 in the documented error shape", async () => {
      for (const r of API_ROUTES) {
        const params = Object.fromEntries(Object.keys(r.params ?? {}).map((k) => [k, r.example.params![k]]));
        const answer = await callDocumented(t, r, null, {
          params,
          json: r.body ? r.example.body : undefined,
        });
        assert.equal(answer.status, 401, `${r.operationId}: ${JSON.stringify(answer.body)}`);
        assert.equal(validate(r, 401, answer.body), null, r.operationId);
      }
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
