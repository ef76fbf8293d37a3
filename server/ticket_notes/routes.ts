/** /api/ticket-notes — thin handlers: validate, call the service, answer. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createNoteInput, listNotesQuery } from "./schemas.ts";
import * as notes from "./service.ts";

export const ticketNotesRoutes = new Hono<AppEnv>()
  .get("/list", validate("query", listNotesQuery), async (c) => {
    return c.json(await notes.listNotes(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .post("/", validate("json", createNoteInput), async (c) => {
    return c.json(await notes.createNote(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .delete("/:id", async (c) => {
    await notes.deleteNote(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
