/** POST /api/messages/{lista,copy,call,URL,PIX}/{ticketId}: the composer's buttons dialog (spec 1 §7). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { callSchema, copySchema, listSchema, pixSchema, urlSchema } from "./rich.ts";
import { sendRich } from "./rich_send.ts";

export const richMessagesRoutes = new Hono<AppEnv>()
  .post("/messages/lista/:ticketId", validate("json", listSchema), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    return c.json(
      await sendRich(c.var.deps, c.var.actor, id, { kind: "lista", data: c.req.valid("json") }),
      201,
    );
  })
  .post("/messages/copy/:ticketId", validate("json", copySchema), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    return c.json(
      await sendRich(c.var.deps, c.var.actor, id, { kind: "copy", data: c.req.valid("json") }),
      201,
    );
  })
  .post("/messages/call/:ticketId", validate("json", callSchema), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    return c.json(
      await sendRich(c.var.deps, c.var.actor, id, { kind: "call", data: c.req.valid("json") }),
      201,
    );
  })
  .post("/messages/URL/:ticketId", validate("json", urlSchema), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    const { image, ...data } = c.req.valid("json");
    return c.json(await sendRich(c.var.deps, c.var.actor, id, { kind: "URL", data }, image), 201);
  })
  .post("/messages/PIX/:ticketId", validate("json", pixSchema), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    return c.json(
      await sendRich(c.var.deps, c.var.actor, id, { kind: "PIX", data: c.req.valid("json") }),
      201,
    );
  });
