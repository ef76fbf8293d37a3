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
import { idParam } from "../lib/validate.ts";
import { notFound } from "../lib/errors.ts";
import type { AdminConnectionDTO } from "@contract/connections.ts";

export type { AdminConnectionDTO };

const adminColumns = {
  id: whatsapps.id,
  name: whatsapps.name,
  number: whatsapps.number,
  channel: whatsapps.channel,
  status: whatsapps.status,
  isDefault: whatsapps.isDefault,
  updatedAt: whatsapps.updatedAt,
  companyId: whatsapps.companyId,
  companyName: companies.name,
};

type AdminRow = Omit<AdminConnectionDTO, "company"> & { companyName: string };
const toDTO = ({ companyName, ...r }: AdminRow): AdminConnectionDTO => ({
  ...r,
  company: { id: r.companyId, name: companyName },
});

export const adminConnectionsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  requireSuper(c.var.actor);
  const rows = await c.var.deps.db.select(adminColumns).from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .orderBy(asc(companies.name), asc(whatsapps.name));
  return c.json(rows.map(toDTO));
});

/** GET /api/whatsapp-admin/:id?session=0 (spec 2 §7): one connection of any company, for the operator. */
export const whatsappAdminRoutes = new Hono<AppEnv>().get("/:id", async (c) => {
  requireSuper(c.var.actor);
  const [row] = await c.var.deps.db.select(adminColumns).from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(eq(whatsapps.id, idParam(c.req.param("id"))));
  if (!row) throw notFound("whatsapp");
  return c.json(toDTO(row));
});
