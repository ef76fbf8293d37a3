/** /api/tickets and its companions (spec 1 §7 Tickets). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { requirePermission } from "../auth/permissions.ts";
import { listTicketsQuery } from "./list_schema.ts";
import { listTickets } from "./list.ts";
import { closeAllInput, createTicketInput, updateTicketInput } from "./schemas.ts";
import * as tickets from "./service.ts";
import { updateTicketStatus } from "./transitions.ts";
import { closeAll } from "./close_all.ts";
import { markTicketRead } from "../messages/service.ts";
import { removeTicketTag, removeTicketTags, setTicketTag } from "./tags.ts";

export const ticketsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listTicketsQuery), async (c) => {
    return c.json(await listTickets(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/u/:uuid", async (c) => {
    const t = await tickets.showTicketByUuid(c.var.deps, c.var.actor, c.req.param("uuid"));
    const read = await markTicketRead(c.var.deps, c.var.actor, t.id);
    return c.json(read ? { ...t, unreadMessages: 0 } : t);
  })
  .get(
    "/:id",
    async (c) => c.json(await tickets.showTicket(c.var.deps, c.var.actor, idParam(c.req.param("id")))),
  )
  .post("/closeAll", validate("json", closeAllInput), async (c) => {
    requirePermission(c.var.actor, "tickets-manager:closeAll");
    const { status, selectedQueueIds } = c.req.valid("json");
    return c.json({ closed: await closeAll(c.var.deps, c.var.actor, status, selectedQueueIds) });
  })
  .post("/", validate("json", createTicketInput), async (c) => {
    return c.json(await tickets.createTicket(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateTicketInput), async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json(await updateTicketStatus(c.var.deps, c.var.actor, id, c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await tickets.deleteTicket(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });

/** GET /tickets-log/{ticketId}; PUT /ticket-tags/{ticketId}/{tagId}; DELETE /ticket-tags/{ticketId}[/{tagId}]. */
export const ticketExtrasRoutes = new Hono<AppEnv>()
  .get("/tickets-log/:ticketId", async (c) => {
    return c.json(await tickets.ticketLog(c.var.deps, c.var.actor, idParam(c.req.param("ticketId"))));
  })
  .put("/ticket-tags/:ticketId/:tagId", async (c) => {
    const ticketId = idParam(c.req.param("ticketId")), tagId = idParam(c.req.param("tagId"));
    return c.json(await setTicketTag(c.var.deps, c.var.actor, ticketId, tagId));
  })
  .delete("/ticket-tags/:ticketId/:tagId", async (c) => {
    const ticketId = idParam(c.req.param("ticketId")), tagId = idParam(c.req.param("tagId"));
    return c.json(await removeTicketTag(c.var.deps, c.var.actor, ticketId, tagId));
  })
  .delete("/ticket-tags/:ticketId", async (c) => {
    return c.json(await removeTicketTags(c.var.deps, c.var.actor, idParam(c.req.param("ticketId"))));
  });
