/** /api/prompt and /api/queueIntegration (spec 2 §7) — thin handlers. */
import { Hono } from "hono";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { formFields, isFormBody, readForm, readJson } from "../lib/body.ts";
import { AppError } from "../lib/errors.ts";
import {
  createIntegrationInput,
  createPromptInput,
  listQuery,
  testSessionInput,
  updateIntegrationInput,
  updatePromptInput,
} from "./schemas.ts";
import * as svc from "./service.ts";
import { testDialogflowSession } from "./dialogflow.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

/** The spec's client posts prompts as multipart (with an optional `file`); JSON is accepted too. */
async function read<T extends z.ZodType>(c: Context, schema: T): Promise<{ data: z.infer<T>; file?: File }> {
  let raw: unknown, file: File | undefined;
  if (isFormBody(c)) {
    const form = await readForm(c);
    const f = form.get("file");
    if (f instanceof File && f.size > 0) file = f;
    form.delete("file");
    raw = formFields(form);
  } else raw = await readJson(c);
  const r = await schema.safeParseAsync(raw);
  if (!r.success) {
    throw new AppError("ERR_VALIDATION", {
      details: r.error.issues.map((i) => ({
        path: i.path.map(String).join("."),
        message: i.message,
        code: i.code,
      })),
    });
  }
  return { data: r.data, file };
}
const body = async <T extends z.ZodType>(c: Context, schema: T) => (await read(c, schema)).data;

export const promptRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    return c.json(await svc.listPrompts(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showPrompt(c.var.deps, c.var.actor, id(c))))
  .post("/", async (c) => {
    const { data, file } = await read(c, createPromptInput);
    return c.json(await svc.createPrompt(c.var.deps, c.var.actor, data, file), 201);
  })
  .put("/:id", async (c) => {
    const { data, file } = await read(c, updatePromptInput);
    return c.json(await svc.updatePrompt(c.var.deps, c.var.actor, id(c), data, file));
  })
  .delete("/:id", async (c) => c.json(await svc.deletePrompt(c.var.deps, c.var.actor, id(c))));

export const queueIntegrationRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    return c.json(await svc.listIntegrations(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .post("/testSession", async (c) => {
    const input = await body(c, testSessionInput);
    return c.json(await testDialogflowSession(c.var.deps, c.var.actor, input));
  })
  .get("/:id", async (c) => c.json(await svc.showIntegration(c.var.deps, c.var.actor, id(c))))
  .post("/", async (c) => {
    return c.json(
      await svc.createIntegration(c.var.deps, c.var.actor, await body(c, createIntegrationInput)),
      201,
    );
  })
  .put("/:id", async (c) => {
    const input = await body(c, updateIntegrationInput);
    return c.json(await svc.updateIntegration(c.var.deps, c.var.actor, id(c), input));
  })
  .delete("/:id", async (c) => c.json(await svc.deleteIntegration(c.var.deps, c.var.actor, id(c))));
