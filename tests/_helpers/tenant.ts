/**
 * The one way a test makes a tenant: a company with its own plan and an admin, logged in through
 * the real endpoint; by default a profile user too; optionally queues, company settings and an
 * api-channel connection created through POST /api/whatsapp. Plus direct setting writes and the
 * "every route needs a session" check.
 */
import { and, eq } from "drizzle-orm";
import { settings } from "@db/schema.ts";
import type { CompanyRow, PlanRow } from "@/lib/context.ts";
import { writeSetting } from "@/settings/repo.ts";
import { invalidate } from "@/caches.ts";
import type { TestApp } from "./test_app.ts";
import type { WebhookSink } from "./webhook_sink.ts";
import { expectOk, type Json } from "./http.ts";
import {
  createCompany,
  createQueue,
  createUser,
  login,
  type PlanOverrides,
  type TestUser,
  type UserOverrides,
} from "./factories.ts";

export type QueueRow = Awaited<ReturnType<typeof createQueue>>;
export type ApiConn = Json & { id: number; token: string; status: string; isDefault: boolean };

export type TenantOptions = {
  /** The company row; `dueDate` defaults to 30 days ahead. */
  name?: string;
  dueDate?: string | null;
  timezone?: string;
  status?: boolean;
  plan?: PlanOverrides;
  /** A profile user, logged in (the default); `false` for the admin alone. */
  user?: UserOverrides | false;
  /** Queues created in order (before the connection, which gets them all). */
  queues?: readonly Partial<QueueRow>[];
  /** Company settings written directly. */
  settings?: Record<string, string>;
  /**
   * Given (even null): an api-channel connection created through POST /api/whatsapp whose webhook
   * is this sink (null: a dead address).
   */
  webhook?: WebhookSink | null;
  /** More fields of that connection's POST body. */
  conn?: Json;
};

type TenantBase = {
  company: CompanyRow;
  plan: PlanRow;
  admin: TestUser;
  adminToken: string;
  queues: QueueRow[];
};

export type Tenant<O extends TenantOptions = TenantOptions> =
  & TenantBase
  & (O extends { user: false } ? unknown : { user: TestUser; userToken: string })
  & (O extends { webhook: WebhookSink | null } ? { conn: ApiConn } : unknown);

/** A tenant with its api connection and no profile user (the inbox suites' world). */
export type Inbox = Tenant<{ user: false; webhook: null }>;

export async function createTenant<const O extends TenantOptions = Record<never, never>>(
  t: TestApp,
  o: O = {} as O,
): Promise<Tenant<O>> {
  const { plan: planOverrides, user: userOverrides, queues: queueRows, settings: companySettings } = o;
  const { company, plan, admin } = await createCompany(t, {
    name: o.name,
    plan: planOverrides,
    dueDate: o.dueDate,
    timezone: o.timezone,
    status: o.status,
  });
  const user = userOverrides === false
    ? null
    : await createUser(t, company.id, { profile: "user", ...userOverrides });
  const adminToken = (await login(t, admin)).token;
  const userToken = user ? (await login(t, user)).token : null;
  const queues: QueueRow[] = [];
  for (const q of queueRows ?? []) queues.push(await createQueue(t, company.id, q));
  for (const [k, v] of Object.entries(companySettings ?? {})) await setCompanySetting(t, company.id, k, v);
  const conn = o.webhook === undefined ? null : await expectOk<ApiConn>(
    await t.request("/api/whatsapp", {
      method: "POST",
      token: adminToken,
      json: {
        name: "Site chat",
        channel: "api",
        webhookUrl: o.webhook?.url ?? "http://127.0.0.1:9/none",
        queueIds: queues.map((q) => q.id),
        ...o.conn,
      },
    }),
    201,
  );
  return {
    company,
    plan,
    admin,
    adminToken,
    queues,
    ...(user ? { user, userToken } : {}),
    ...(conn ? { conn } : {}),
  } as Tenant<O>;
}

/** One more user of the company, logged in. */
export async function userOf(
  t: TestApp,
  companyId: number,
  o: UserOverrides = {},
): Promise<TestUser & { token: string }> {
  const u = await createUser(t, companyId, o);
  return { ...u, token: (await login(t, u)).token };
}

/** Writes a company setting directly (the settings API has its own suite), as a writer must: then invalidates. */
export async function setCompanySetting(t: TestApp, companyId: number, key: string, value: string) {
  await t.deps.database.write((tx) => writeSetting(tx, companyId, key, value));
  invalidate(t.deps, { kind: "settings", companyId });
}

/** The raw stored value of a setting row (as the database holds it). */
export async function rawSetting(t: TestApp, companyId: number, key: string): Promise<string | undefined> {
  const [row] = await t.deps.db.select().from(settings).where(
    and(eq(settings.companyId, companyId), eq(settings.key, key)),
  );
  return row?.value;
}

/** Every [method, path] must answer 401 ERR_UNAUTHENTICATED without a token. */
export async function assertAllNeedAuth(t: TestApp, routes: [string, string][]) {
  for (const [method, path] of routes) {
    const res = await t.request(path, {
      method,
      ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
    });
    const body = await res.json();
    if (res.status !== 401 || body.error !== "ERR_UNAUTHENTICATED") {
      throw new Error(
        `${method} ${path}: expected 401 ERR_UNAUTHENTICATED, got ${res.status} ${JSON.stringify(body)}`,
      );
    }
  }
}

/** Working hours (the spec's shape) open 08:00–18:00 on `days` and closed on the others. */
export function openOn(days: readonly string[], from = "08:00", to = "18:00") {
  return days.map((d) => ({
    weekday: d,
    weekdayEn: d,
    startTimeA: from,
    endTimeA: to,
    startTimeB: "",
    endTimeB: "",
  }));
}
