/** /api/chatbot — one chatbot option at a time (mount with app.route("/api/chatbot", chatbotRoutes)). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { idParam, validate } from "../lib/validate.ts";
import { createChatbotInput, listChatbotsQuery, updateChatbotInput } from "./schemas.ts";
import * as chatbots from "./chatbot_service.ts";

export const chatbotRoutes = new Hono<AppEnv>()
  .get("/", validate("query", listChatbotsQuery), async (c) => {
    return c.json(await chatbots.listChatbots(c.var.deps, c.var.actor, c.req.valid("query").queueId));
  })
  .get(
    "/:id",
    async (c) => c.json(await chatbots.showChatbot(c.var.deps, c.var.actor, idParam(c.req.param("id")))),
  )
  .post("/", validate("json", createChatbotInput), async (c) => {
    return c.json(await chatbots.createChatbot(c.var.deps, c.var.actor, c.req.valid("json")), 201);
  })
  .put("/:id", validate("json", updateChatbotInput), async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json(await chatbots.updateChatbot(c.var.deps, c.var.actor, id, c.req.valid("json")));
  })
  .delete("/:id", async (c) => {
    await chatbots.deleteChatbot(c.var.deps, c.var.actor, idParam(c.req.param("id")));
    return c.body(null, 204);
  });
