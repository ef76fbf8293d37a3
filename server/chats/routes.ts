/** /api/chats — the internal chat (spec 2 §7); thin handlers. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { validate } from "../lib/validate.ts";
import {
  createChatInput,
  listChatsQuery,
  messagesQuery,
  sendChatMessageInput,
  updateChatInput,
} from "./schemas.ts";
import * as chats from "./service.ts";

const key = (c: { req: { param(k: string): string | undefined } }) => c.req.param("id") ?? "";

export const chatsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listChatsQuery), async (c) => {
    return c.json(await chats.listChats(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/:id", async (c) => c.json(await chats.showChat(c.var.deps, c.var.actor, key(c))))
  .post("/", validate("json", createChatInput), async (c) => {
    return c.json(await chats.createChat(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateChatInput), async (c) => {
    return c.json(await chats.updateChat(c.var.deps, c.var.actor, key(c), c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await chats.deleteChat(c.var.deps, c.var.actor, key(c));
    return c.body(null, 204);
  })
  .post("/:id/read", async (c) => c.json(await chats.markRead(c.var.deps, c.var.actor, key(c))))
  .get("/:id/messages", validate("query", messagesQuery), async (c) => {
    return c.json(
      await chats.listMessages(c.var.deps, c.var.actor, key(c), c.req.valid("query").pageNumber),
    );
  })
  .post("/:id/messages", validate("json", sendChatMessageInput), async (c) => {
    return c.json(
      await chats.sendMessage(c.var.deps, c.var.actor, key(c), c.req.valid("json").message),
      201,
    );
  });
