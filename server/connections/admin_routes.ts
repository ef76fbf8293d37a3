/**
 * GET /api/whatsapp/all?session=0 — the operator's overview of every company's connections
 * (spec 2 §2 /allConnections, §7). Super user only. Each row carries its company's id and name
 * and only display fields: never the token, session, QR code, Meta ids/token or webhook URL.
 * Mount before /api/whatsapp, whose `/:id` would otherwise take "all".
 */
import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { companies, whatsapps } from "@db/schema.ts";
import type { AppEnv } from "../lib/context.ts";
import { requireSuper } from "../auth/permissions.ts";

export type AdminConnectionDTO = {
  id: number;
  name: string;
  number: string | null;
  channel: string;
  status: string;
  isDefault: boolean;
  updatedAt: string;
  companyId: number;
  company: { id: number; name: string };
};

export const adminConnectionsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireSuper(c.var.actor);
  const rows = await c.var.deps.db.select({
    id: whatsapps.id,
    name: whatsapps.name,
    number: whatsapps.number,
    channel: whatsapps.channel,
    status: whatsapps.status,
    isDefault: whatsapps.isDefault,
    updatedAt: whatsapps.updatedAt,
    companyId: whatsapps.companyId,
    companyName: companies.name,
  }).from(whatsapps).innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .orderBy(asc(companies.name), asc(whatsapps.name));
  const out: AdminConnectionDTO[] = rows.map(({ companyName, ...r }) => ({
    ...r,
    company: { id: r.companyId, name: companyName },
  }));
  return c.json(out);
});
