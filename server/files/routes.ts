/** /api/files — file lists (spec 2 §7); thin handlers. */
import { Hono } from "hono";
import { readForm } from "../lib/body.ts";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createFileListInput, listFilesQuery, updateFileListInput } from "./schemas.ts";
import * as svc from "./service.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const filesRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listFilesQuery), async (c) => {
    return c.json(await svc.listFileLists(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/list", async (c) => c.json(await svc.fileListOptions(c.var.deps, c.var.actor)))
  .get("/:id", async (c) => c.json(await svc.showFileList(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createFileListInput), async (c) => {
    return c.json(await svc.createFileList(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateFileListInput), async (c) => {
    return c.json(await svc.updateFileList(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteFileList(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  // Multipart: `files` (one or more), with optional `id` (option) and `name` parts in the same order.
  .post("/uploadList/:id", async (c) => {
    const listId = id(c);
    // A body that is not multipart, or is malformed, answers 400 (lib/body.ts).
    const form = await readForm(c);
    const fileParts = form.getAll("files").filter((f): f is File => f instanceof File);
    const ids = form.getAll("id").map(String), names = form.getAll("name").map(String);
    const parts = fileParts.map((file, i) => ({
      file,
      optionId: /^\d+$/.test(ids[i] ?? "") && Number(ids[i]) > 0 ? Number(ids[i]) : undefined,
      name: names[i]?.trim() || undefined,
    }));
    return c.json(await svc.uploadFiles(c.var.deps, c.var.actor, listId, parts));
  });
