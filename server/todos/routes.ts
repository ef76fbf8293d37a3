/**
 * /api/todos — the signed-in user's own to-do list (spec 3 §2 /todolist), kept on the server so it
 * follows the user across browsers. Another user's task answers 404 like a missing one.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import * as svc from "./service.ts";

const text = z.string().trim().min(1).max(1000);
const doneFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const createInput = z.object({ text });
const updateInput = z.object({ text: text.optional(), done: doneFlag.optional() });
const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const todosRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await svc.listTodos(c.var.deps, c.var.actor)))
  .post("/", validate("json", createInput), async (c) => {
    return c.json(await svc.createTodo(c.var.deps, c.var.actor, c.req.valid("json").text), 201);
  })
  .put("/:id", validate("json", updateInput), async (c) => {
    return c.json(await svc.updateTodo(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteTodo(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  });
