/** /api/contacts — thin handlers: validate, call the service, answer. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import {
  acceptAudioInput,
  blockInput,
  createContactInput,
  listContactsQuery,
  phoneImportInput,
  updateContactInput,
} from "./schemas.ts";
import * as contacts from "./service.ts";
import { contactTickets } from "./tickets.ts";
import { exportContacts, importContacts, XLSX_TYPE } from "./spreadsheet.ts";
import { importPhoneContacts } from "./phone_import.ts";

const id = (c: { req: { param(k: string): string | undefined } }) => idParam(c.req.param("id"));

export const contactsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listContactsQuery), async (c) => {
    return c.json(await contacts.listContacts(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/list", async (c) => c.json(await contacts.listContactRefs(c.var.deps, c.var.actor)))
  .get("/export", async (c) => {
    const bytes = await exportContacts(c.var.deps, c.var.actor);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": XLSX_TYPE,
      "content-disposition": `attachment; filename="contacts.xlsx"`,
    });
  })
  .post("/upload", async (c) => {
    const file = await formFile(c, "file");
    return c.json(await importContacts(c.var.deps, c.var.actor, file));
  })
  // The spec's client posts no body: the company's WhatsApp line is taken.
  .post("/import", validate("json", phoneImportInput), async (c) => {
    return c.json(await importPhoneContacts(c.var.deps, c.var.actor, c.req.valid("json").whatsappId));
  })
  .get("/profile/:number", async (c) => {
    return c.json(await contacts.contactProfile(c.var.deps, c.var.actor, c.req.param("number")));
  })
  .put("/toggleAcceptAudio/:id", validate("json", acceptAudioInput), async (c) => {
    const { acceptAudioMessage } = c.req.valid("json");
    return c.json(await contacts.setAcceptAudio(c.var.deps, c.var.actor, id(c), acceptAudioMessage));
  })
  .put("/block/:id", validate("json", blockInput), async (c) => {
    return c.json(await contacts.setActive(c.var.deps, c.var.actor, id(c), c.req.valid("json").active));
  })
  .put("/toggleDisableBot/:id", async (c) => {
    return c.json(await contacts.toggleDisableBot(c.var.deps, c.var.actor, id(c)));
  })
  .get("/:id", async (c) => c.json(await contacts.showContact(c.var.deps, c.var.actor, id(c))))
  .get("/:id/tickets", async (c) => c.json(await contactTickets(c.var.deps, c.var.actor, id(c))))
  .post("/", validate("json", createContactInput), async (c) => {
    return c.json(await contacts.createContact(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateContactInput), async (c) => {
    return c.json(await contacts.updateContact(c.var.deps, c.var.actor, id(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await contacts.deleteContact(c.var.deps, c.var.actor, id(c));
    return c.body(null, 204);
  });
