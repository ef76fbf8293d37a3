/** The operator's backups (mounted at /api): the list, and one made now (answers when it is written). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { superOnly } from "../auth/super_only.ts";
import { auditNow } from "../audit/audit.ts";
import { backupSource, backupTime, listBackups, runBackup } from "./backup.ts";

export const backupsRoutes = new Hono<AppEnv>()
  .get("/backups", superOnly, async (c) => {
    const deps = c.var.deps;
    const list = await listBackups(deps);
    return c.json({
      enabled: deps.config.backups.enabled && backupSource(deps) !== null,
      keepHours: deps.config.backups.keepHours,
      keepDays: deps.config.backups.keepDays,
      backups: list.map((b) => ({
        name: b.name,
        size: b.size,
        createdAt: backupTime(b.name)?.toISOString() ?? null,
      })),
    });
  })
  .post("/backups", superOnly, async (c) => {
    const r = await runBackup(c.var.deps);
    await auditNow(c.var.deps, c.var.actor, { action: "backup.create", entity: "backup", summary: r.name });
    return c.json(r, 201);
  });
