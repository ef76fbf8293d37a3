/**
 * Fuzz over EVERY route of the app (enumerated from Hono's route table, so a new route is covered
 * the day it is added): malformed bodies of every content type — bad and truncated JSON, deep
 * nesting, huge strings, wrong types, JSON scalars, multipart and urlencoded garbage, text,
 * binary — and hostile query strings and path parameters, as a company admin and as the super
 * user. No answer may be a 5xx.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { chatbots, quickMessages, tags, ticketNotes } from "@db/schema.ts";
import { createTestApp, OPERATOR, type TestApp } from "../_helpers/test_app.ts";
import { createQueue, createUser, login } from "../_helpers/factories.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

type Fixture = {
  token: string;
  connToken: string;
  ids: Record<string, number | string>;
};

/** One of everything a path can name, in the actor's company, made through the real API. */
async function fixture(app: TestApp, token: string, companyId: number, connToken: string): Promise<Fixture> {
  const queue = await createQueue(app, companyId);
  const other = await createUser(app, companyId, { profile: "user" });
  const connections = await expectOk<Json[]>(await app.request("/api/whatsapp", { token }));
  const conn = connections.find((c) => c.token === connToken)!;
  const r = await customerSays(
    app,
    { token: connToken },
    `55119${String(companyId).padStart(8, "0")}`,
    "Olá",
  );
  const ticket = await expectOk<Json>(await app.request(`/api/tickets/${r.ticketId}`, { token }));
  await expectOk(
    await app.request(`/api/queue/${queue.id}`, {
      method: "PUT",
      token,
      json: { chatbots: [{ name: "Opção", greetingMessage: "Oi", options: [{ name: "Folha" }] }] },
    }),
  );
  const [option] = await app.deps.db.select().from(chatbots).where(eq(chatbots.companyId, companyId));
  const { tag, qm, note } = await app.deps.database.write(async (tx) => ({
    tag:
      (await tx.insert(tags).values({ companyId, name: `Tag ${companyId}`, color: "#123456" }).returning())[
        0
      ],
    qm: (await tx.insert(quickMessages).values({ companyId, shortcode: `oi${companyId}`, message: "Olá" })
      .returning())[0],
    note: (await tx.insert(ticketNotes).values({
      companyId,
      ticketId: r.ticketId,
      contactId: Number(ticket.contactId),
      userId: other.user.id,
      note: "Nota",
    }).returning())[0],
  }));
  return {
    token,
    connToken,
    ids: {
      queue: queue.id,
      user: other.user.id,
      whatsapp: Number(conn.id),
      ticket: r.ticketId,
      ticketUuid: String(ticket.uuid),
      message: r.messageId,
      contact: Number(ticket.contactId),
      chatbot: option.id,
      tag: tag.id,
      quickMessage: qm.id,
      note: note.id,
      company: companyId,
      email: other.email,
      number: `55119${String(companyId).padStart(8, "0")}`,
    },
  };
}

/** The resource an `:id` names, from the path's first segment after /api. */
const ID_OF: [RegExp, string][] = [
  [/^\/api\/(users)/, "user"],
  [/^\/api\/queue/, "queue"],
  [/^\/api\/chatbot/, "chatbot"],
  [/^\/api\/tags?\b/, "tag"],
  [/^\/api\/quick-messages/, "quickMessage"],
  [/^\/api\/contacts/, "contact"],
  [/^\/api\/ticket-notes/, "note"],
  [/^\/api\/tickets/, "ticket"],
  [/^\/api\/messages?\b/, "message"],
  [/^\/api\/(whatsapp|closedimported)/, "whatsapp"],
  [/^\/api\/companySettings/, "company"],
];

function fillPath(path: string, fx: Fixture, garbage: boolean): string {
  return path.replace(/:([A-Za-z]+)|\*/g, (_m, name?: string) => {
    if (garbage) return name === undefined ? "../../etc/passwd" : encodeURIComponent("-1'\"%00[]");
    if (!name) return "company1/x.png";
    const byName: Record<string, string | number> = {
      tagId: fx.ids.tag,
      contactId: fx.ids.contact,
      ticketId: fx.ids.ticket,
      ticketUuid: fx.ids.ticketUuid,
      uuid: fx.ids.ticketUuid,
      messageId: fx.ids.message,
      email: fx.ids.email,
      number: fx.ids.number,
      key: "userCreation",
      file: "logo.png",
    };
    if (name in byName) return encodeURIComponent(String(byName[name]));
    const kind = ID_OF.find(([re]) => re.test(path))?.[1] ?? "ticket";
    return String(fx.ids[kind]);
  });
}

let deepTree: unknown = { name: "Folha" };
for (let i = 0; i < 1200; i++) deepTree = { name: `N${i}`, greetingMessage: "x", options: [deepTree] };
const WRONG_TYPES = {
  name: 123,
  email: ["x"],
  password: { a: 1 },
  body: null,
  status: 42,
  queueIds: "not-a-list",
  userId: "abc",
  queueId: { id: 1 },
  contactId: -5,
  ticketId: 1.5,
  whatsappId: true,
  tags: "x",
  chatbots: {},
  options: 7,
  number: [],
  value: { nested: [1, 2, { a: null }] },
  column: 12,
  data: [],
  schedules: "always",
  externalId: 1,
  from: "x",
  media: { url: 5, base64: 5 },
  type: "ack",
  note: 7,
  messageId: "x",
};
const HUGE = "Ω".repeat(100_000);
const enc = new TextEncoder();
const multipart = (boundary: string, parts: string) =>
  enc.encode(parts.replaceAll("\n", "\r\n").replaceAll("BOUNDARY", boundary));

/** [content-type, body] pairs; null type = no header. */
const BODIES: [string | null, BodyInit][] = [
  ["application/json", '{"name": "abc", "chatbots": [{"name": "x"'],
  ["application/json", "{'single': quotes,}"],
  ["application/json", "[".repeat(100_000) + "]".repeat(100_000)],
  ["application/json", JSON.stringify({ chatbots: [deepTree], options: [deepTree], value: deepTree })],
  ["application/json", JSON.stringify(WRONG_TYPES)],
  ["application/json", JSON.stringify(Object.fromEntries(Object.keys(WRONG_TYPES).map((k) => [k, HUGE])))],
  ["application/json", JSON.stringify({ name: "x".repeat(3 * 1024 * 1024) })],
  ["application/json", "null"],
  ["application/json", '"just a string"'],
  ["application/json", "[1,2,3]"],
  ["application/json", ""],
  ["application/vnd.api+json", "\u0000\u0001garbage"],
  [
    "multipart/form-data; boundary=XyZ",
    multipart("XyZ", '--XyZ\nContent-Disposition: form-data; name="a"\n\nb'),
  ],
  ["multipart/form-data", "no boundary --- at all"],
  [
    "multipart/form-data; boundary=B0",
    multipart(
      "B0",
      '--BOUNDARY\nContent-Disposition: form-data; name="medias"; filename="evil.exe"\nContent-Type: application/x-msdownload\n\nMZ\n' +
        '--BOUNDARY\nContent-Disposition: form-data; name="file"; filename="x.csv"\nContent-Type: text/csv\n\n\u0000\u00ff;;;\n' +
        '--BOUNDARY\nContent-Disposition: form-data; name="body"\n\n' + "y".repeat(70_000) +
        "\n--BOUNDARY--\n",
    ),
  ],
  ["application/x-www-form-urlencoded", "a=%ZZ&&b[]=1&b[x]=2&=&%=%&queueIds=[[[[&status=%00"],
  ["text/plain", "hello, not JSON { ["],
  ["application/octet-stream", crypto.getRandomValues(new Uint8Array(4096))],
  [null, '{"name": 1'],
];

const QUERY = "?pageNumber=abc&searchParam=" + "%".repeat(3) + "x".repeat(5000) +
  "&queueIds=" + encodeURIComponent("[".repeat(3000)) + "&tags=[[[1]]]&status=%00&date=notadate" +
  "&dateStart=2026-13-45&showAll=maybe&withUnreadMessages=2&queueIds[]=x&a[b][c]=1&kanban=9&column=__proto__";

type Failure = string;
/** How often each status was answered (the fuzz must reach the handlers, not stop at 401). */
const statuses = new Map<number, number>();

async function fuzzRoutes(app: TestApp, fx: Fixture, who: string): Promise<Failure[]> {
  const failures: Failure[] = [];
  const seen = new Set<string>();
  const routes = app.app.routes.filter((r) => {
    const k = `${r.method} ${r.path}`;
    if (seen.has(k) || !r.path.startsWith("/api/") || r.path === "/api/*" || r.method === "ALL") return false;
    seen.add(k);
    return true;
  });
  assert.ok(routes.length > 80, `only ${routes.length} routes enumerated`);
  // Destructive routes last, the logout very last (it ends the session the others use).
  const rank = (r: { method: string; path: string }) =>
    r.path === "/api/auth/logout" ? 3 : r.method === "DELETE" ? 2 : r.method === "GET" ? 0 : 1;
  routes.sort((a, b) => rank(a) - rank(b));
  const check = async (label: string, res: Response) => {
    const text = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) failures.push(`${who} ${label} → ${res.status} ${text.slice(0, 200)}`);
  };
  for (const r of routes) {
    const bearer = /^\/api\/(channels\/api|messages\/send)/.test(r.path) ? fx.connToken : fx.token;
    const headers = (type: string | null) => ({
      authorization: `Bearer ${bearer}`,
      ...(type ? { "content-type": type } : {}),
    });
    for (const garbage of [false, true]) {
      const path = fillPath(r.path, fx, garbage);
      if (r.method === "GET") {
        await check(
          `GET ${path}${QUERY.slice(0, 40)}…`,
          await app.app.request(path + QUERY, { headers: headers(null) }),
        );
        continue;
      }
      for (const [type, body] of garbage ? BODIES.slice(0, 3) : BODIES) {
        const res = await app.app.request(path, { method: r.method, headers: headers(type), body });
        await check(`${r.method} ${path} [${type}]`, res);
      }
    }
  }
  return failures;
}

Deno.test("[hardening] fuzz: every route, malformed bodies of every type, no 5xx", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const inbox = await createTenant(app, { webhook: null, user: false });
    const admin = await fixture(app, inbox.adminToken, inbox.company.id, inbox.conn.token);
    const superToken = (await login(app, OPERATOR)).token;
    const opConn = await expectOk<Json & { token: string }>(
      await app.request("/api/whatsapp", {
        method: "POST",
        token: superToken,
        json: { name: "Operador", channel: "api", webhookUrl: "http://127.0.0.1:9/none" },
      }),
      201,
    );
    const operator = await fixture(app, superToken, 1, opConn.token);
    const failures = [
      ...await fuzzRoutes(app, admin, "admin"),
      ...await fuzzRoutes(app, operator, "super"),
    ];
    assert.deepEqual(failures, []);
    console.log("statuses", JSON.stringify(Object.fromEntries(statuses)));
    assert.ok((statuses.get(400) ?? 0) > 1000, "the bodies reached validation");
    assert.ok((statuses.get(401) ?? 0) < (statuses.get(400) ?? 0) / 5, "the requests were authenticated");
  } finally {
    await app.close();
  }
});
