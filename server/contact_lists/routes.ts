/** /api/contact-lists… and /api/contact-list-items… — thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { contactListInput, createItemInput, itemsQuery, listQuery, updateItemInput } from "./schemas.ts";
import * as svc from "./service.ts";
import { numberCheckStatus, startNumberCheck } from "./number_check.ts";
import { exportList, importIntoList, sampleSheet, XLSX_TYPE } from "./spreadsheet.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));
const xlsx = (name: string) => ({
  "content-type": XLSX_TYPE,
  "content-disposition": `attachment; filename="${name}"`,
});

export const contactListsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    return c.json(await svc.listLists(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/list", async (c) => c.json(await svc.allLists(c.var.deps, c.var.actor)))
  .get("/sample", async (c) => {
    svc.requireCampaigns(c.var.actor);
    return c.body((await sampleSheet()) as Uint8Array<ArrayBuffer>, 200, xlsx("contact-list-sample.xlsx"));
  })
  .get("/:id", async (c) => c.json(await svc.showList(c.var.deps, c.var.actor, id(c))))
  .get("/:id/export", async (c) => {
    svc.requireCampaigns(c.var.actor);
    const bytes = await exportList(c.var.deps, c.var.actor, id(c));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, xlsx(`contact-list-${id(c)}.xlsx`));
  })
  .post("/", validate("json", contactListInput), async (c) => {
    return c.json(await svc.createList(c.var.deps, c.var.actor, c.req.valid("json").name), 201);
  })
  .put("/:id", validate("json", contactListInput), async (c) => {
    return c.json(await svc.updateList(c.var.deps, c.var.actor, id(c), c.req.valid("json").name));
  })
  .delete("/:id", async (c) => {
    await svc.deleteList(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  })
  .get("/:id/number-check", async (c) => c.json(await numberCheckStatus(c.var.deps, c.var.actor, id(c))))
  .post("/:id/number-check", async (c) => {
    return c.json(await startNumberCheck(c.var.deps, c.var.actor, id(c)), 202);
  })
  .post("/:id/upload", async (c) => {
    svc.requireCampaigns(c.var.actor);
    const file = await formFile(c, "file");
    return c.json(await importIntoList(c.var.deps, c.var.actor, id(c), file));
  });

export const contactListItemsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", itemsQuery), async (c) => {
    return c.json(await svc.listItems(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await svc.showItem(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createItemInput), async (c) => {
    return c.json(await svc.createItem(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateItemInput), async (c) => {
    return c.json(await svc.updateItem(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await svc.deleteItem(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  });
