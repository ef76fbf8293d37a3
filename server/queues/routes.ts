/** /api/queue — thin handlers: validate, call the service, answer. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createQueueInput, updateQueueInput } from "./schemas.ts";
import * as queues from "./service.ts";

export const queuesRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await queues.listQueues(c.var.deps, c.var.actor)))
  .get("/refs", async (c) => c.json(await queues.refOptions(c.var.deps, c.var.actor)))
  .get(
    "/:id",
    async (c) => c.json(await queues.showQueue(c.var.deps, c.var.actor, idParam(c.req.param("id")))),
  )
  .post("/", validate("json", createQueueInput), async (c) => {
    return c.json(await queues.createQueue(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateQueueInput), async (c) => {
    return c.json(
      await queues.updateQueue(c.var.deps, c.var.actor, idParam(c.req.param("id")), c.req.valid("json")),
    );
  })
  .delete("/:id", async (c) => {
    await queues.deleteQueue(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
