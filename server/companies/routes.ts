/** Companies paths of spec 3 §7 (mounted at /api): the operator's admin, listPlan for everyone. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { superOnly } from "../auth/super_only.ts";
import { enqueue } from "../jobs/queue.ts";
import { createCompanyInput, listCompaniesQuery, updateCompanyInput } from "./schemas.ts";
import * as svc from "./service.ts";
import { FOLDER_JOB } from "./folder.ts";

export const companiesRoutes = new Hono<AppEnv>()
  .get("/companies/listPlan/:id", async (c) => {
    return c.json(await svc.companyPlan(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .get("/companiesPlan", superOnly, validate("query", listCompaniesQuery), async (c) => {
    return c.json(await svc.listCompanies(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/companies/list", superOnly, async (c) => c.json(await svc.listAllCompanies(c.var.deps, c.var.actor)))
  .get("/companies", superOnly, validate("query", listCompaniesQuery), async (c) => {
    return c.json(await svc.listCompanies(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/companies/find", async (c) => c.json(await svc.findCompanies(c.var.deps, c.var.actor)))
  .get("/companies/:id", async (c) => {
    return c.json(await svc.showCompany(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post("/companies", superOnly, validate("json", createCompanyInput), async (c) => {
    return c.json(await svc.createCompany(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/companies/:id", superOnly, validate("json", updateCompanyInput), async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json(await svc.updateCompany(c.var.deps, c.var.actor, id, c.req.valid("json")));
  })
  .post("/companies/:id/renew", superOnly, async (c) => {
    return c.json(await svc.renewCompany(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post("/companies/:id/folder", superOnly, async (c) => {
    const companyId = idParam(c.req.param("id"));
    await svc.showCompany(c.var.deps, c.var.actor, companyId);
    await c.var.deps.database.write((tx) =>
      enqueue(tx, {
        name: FOLDER_JOB,
        payload: { companyId },
        runAt: c.var.deps.clock.now(),
        dedupeKey: `folder:${companyId}:${Date.now()}`,
      })
    );
    c.var.deps.jobs.kick();
    return c.json({ queued: true }, 202);
  })
  .delete("/companies/:id", superOnly, async (c) => {
    await svc.deleteCompany(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.json({ deleting: true }, 202);
  });
