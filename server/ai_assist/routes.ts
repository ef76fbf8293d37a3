/**
 * /api/ai-assist — thin handlers. The ticket features answer server-sent events (`delta`, then
 * `done` or `error`): the service's checks run before the stream opens, so a refusal (401, 404,
 * 403, 409 not configured, 429 budget) is an ordinary JSON error; a provider failure after that is
 * an `error` event. Leaving the stream (the attendant closed it) cancels the provider's request.
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { idParam, validate } from "../lib/validate.ts";
import { AI_LANGS } from "@contract/ai_assist.ts";
import { aiRewriteInput, aiSettingsInput, aiSummaryInput, aiTranslateInput } from "./schemas.ts";
import * as ai from "./service.ts";
import * as settings from "./settings.ts";
import type { Piece } from "./service.ts";
import type { Context } from "hono";

/** Streams the pieces as SSE; the first piece is awaited by the service before the stream opens. */
function sse(c: Context<AppEnv>, start: (signal: AbortSignal) => Promise<AsyncIterable<Piece>>) {
  const ctl = new AbortController();
  return start(ctl.signal).then((source) =>
    streamSSE(c, async (stream) => {
      stream.onAbort(() => ctl.abort());
      let total = 0;
      try {
        for await (const p of source) {
          total += p.text.length;
          await stream.writeSSE({ event: "delta", data: JSON.stringify(p) });
          if (stream.aborted) break;
        }
        await stream.writeSSE({ event: "done", data: JSON.stringify({ chars: total }) });
      } catch (err) {
        const e = err instanceof AppError
          ? { error: err.code, message: err.message, details: err.details }
          : { error: "ERR_INTERNAL" };
        if (!(err instanceof AppError)) console.error("ai_assist stream", err);
        await stream.writeSSE({ event: "error", data: JSON.stringify(e) }).catch(() => {});
      }
    })
  );
}

const pageQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });
const langBody = z.object({ lang: z.enum(AI_LANGS).default("pt") });

export const aiAssistRoutes = new Hono<AppEnv>()
  .get("/status", async (c) => c.json(await settings.status(c.var.deps, c.var.actor)))
  .get("/settings", async (c) => c.json(await settings.showSettings(c.var.deps, c.var.actor)))
  .put("/settings", validate("json", aiSettingsInput), async (c) => {
    return c.json(await settings.saveSettings(c.var.deps, c.var.actor, c.req.valid("json")));
  })
  .delete("/settings", async (c) => {
    await settings.deleteSettings(c.var.deps, c.var.actor);
    return c.body(null, 204);
  })
  .get("/usage", validate("query", pageQuery), async (c) => {
    return c.json(await ai.usage(c.var.deps, c.var.actor, c.req.valid("query").pageNumber));
  })
  .post("/tickets/:ticketId/suggest", (c) => {
    const id = idParam(c.req.param("ticketId"));
    return sse(c, (signal) => ai.suggest(c.var.deps, c.var.actor, id, signal));
  })
  .post("/tickets/:ticketId/summary", validate("json", aiSummaryInput), (c) => {
    const id = idParam(c.req.param("ticketId"));
    const { lang } = c.req.valid("json");
    return sse(c, (signal) => ai.summary(c.var.deps, c.var.actor, id, lang, signal));
  })
  .post("/tickets/:ticketId/summary-note", validate("json", langBody), async (c) => {
    const id = idParam(c.req.param("ticketId"));
    return c.json(await ai.summaryNote(c.var.deps, c.var.actor, id, c.req.valid("json").lang), 201);
  })
  .post("/tickets/:ticketId/rewrite", validate("json", aiRewriteInput), (c) => {
    const id = idParam(c.req.param("ticketId"));
    const input = c.req.valid("json");
    return sse(c, (signal) => ai.rewrite(c.var.deps, c.var.actor, id, input, signal));
  })
  .post("/tickets/:ticketId/translate", validate("json", aiTranslateInput), (c) => {
    const id = idParam(c.req.param("ticketId"));
    const input = c.req.valid("json");
    return sse(c, (signal) => ai.translate(c.var.deps, c.var.actor, id, input, signal));
  })
  .post("/tickets/:ticketId/classify", async (c) => {
    return c.json(await ai.classify(c.var.deps, c.var.actor, idParam(c.req.param("ticketId"))));
  });
