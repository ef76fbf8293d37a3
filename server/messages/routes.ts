/** /api/messages and /api/message/forward (spec 1 §7 Messages). */
import { Hono } from "hono";
import { z } from "zod";
import { flag } from "../lib/flag.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { idParam, validate } from "../lib/validate.ts";
import { isFormBody, readForm, readJson } from "../lib/body.ts";
import * as messages from "./service.ts";
import { retryMessage } from "./retry.ts";
import { messageHtml } from "./mail_html.ts";
import { listMessagesQuery, sendMessageJson } from "./schemas.ts";

const bool = (v: FormDataEntryValue | null) => v === "true" || v === "1";

export const messagesRoutes = new Hono<AppEnv>()
  .get(
    "/messages/:ticketUuid",
    validate("query", listMessagesQuery),
    async (c) => {
      const { pageNumber } = c.req.valid("query");
      return c.json(
        await messages.listMessages(c.var.deps, c.var.actor, c.req.param("ticketUuid"), pageNumber),
      );
    },
  )
  .post(
    "/messages/edit/:messageId",
    validate("json", z.object({ body: z.string().trim().min(1).max(65_536) })),
    async (c) => {
      return c.json(
        await messages.editMessage(
          c.var.deps,
          c.var.actor,
          idParam(c.req.param("messageId")),
          c.req.valid("json").body,
        ),
      );
    },
  )
  .post("/messages/:ticketId", async (c) => {
    const ticketId = idParam(c.req.param("ticketId"));
    if (isFormBody(c)) {
      const form = await readForm(c);
      const files = form.getAll("medias").filter((f): f is File => f instanceof File);
      const quoted = form.get("quotedMsgId");
      const sent = await messages.sendMessage(c.var.deps, c.var.actor, ticketId, {
        body: String(form.get("body") ?? ""),
        isPrivate: bool(form.get("isPrivate")),
        signMessage: bool(form.get("signMessage")),
        quotedMsgId: quoted ? Number(quoted) : null,
        files,
      });
      return c.json(sent, 201);
    }
    const parsed = sendMessageJson.safeParse(await readJson(c));
    if (!parsed.success) {
      // Same details shape as validate() everywhere else.
      throw new AppError("ERR_VALIDATION", {
        details: parsed.error.issues.map((i) => ({
          path: i.path.join("."),
          message: i.message,
          code: i.code,
        })),
      });
    }
    const b = parsed.data;
    const sent = await messages.sendMessage(c.var.deps, c.var.actor, ticketId, {
      body: b.body,
      isPrivate: b.isPrivate,
      quotedMsgId: b.quotedMsg?.id ?? null,
      vCard: b.vCard,
      signMessage: b.signMessage,
      mediaUrl: b.mediaUrl || undefined,
    });
    return c.json(sent.length === 1 ? sent[0] : sent, 201);
  })
  .get("/messages/:id/body", async (c) => {
    return c.json(await messages.messageBody(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .get("/messages/:id/html", async (c) => {
    return c.json(await messageHtml(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post("/messages/:id/retry", async (c) => {
    return c.json(await retryMessage(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .delete("/messages/:id", async (c) => {
    return c.json(await messages.deleteMessage(c.var.deps, c.var.actor, idParam(c.req.param("id"))));
  })
  .post(
    "/message/forward",
    validate(
      "json",
      z.object({
        messageId: z.coerce.number().int().positive(),
        contactId: z.coerce.number().int().positive(),
        signMessage: flag.optional(),
      }),
    ),
    async (c) => c.json(await messages.forwardMessage(c.var.deps, c.var.actor, c.req.valid("json")), 201),
  );
