/** /api/schedules… — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { calendarQuery, createScheduleInput, listSchedulesQuery, updateScheduleInput } from "./schemas.ts";
import * as svc from "./service.ts";
import { scheduleCalendar } from "./calendar.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const schedulesRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listSchedulesQuery), async (c) => {
    return c.json(await svc.listSchedules(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/calendar", validate("query", calendarQuery), async (c) => {
    return c.json(await scheduleCalendar(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showSchedule(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createScheduleInput), async (c) => {
    return c.json(await svc.createSchedule(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateScheduleInput), async (c) => {
    return c.json(await svc.updateSchedule(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteSchedule(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .post("/:id/media-upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await svc.uploadMedia(c.var.deps, c.var.actor, id(c), file));
  })
  .delete("/:id/media-upload", async (c) => c.json(await svc.deleteMedia(c.var.deps, c.var.actor, id(c))));
