/**
 * GET /api/messages/transcribeAudio/{file} (spec 1 §7): { transcribedText }; and
 * GET /api/messages/transcribeAudio: { available } — whether the company has a transcription
 * provider, so the conversation offers "Transcribe" on audio only then.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { transcribeAudioFile, transcriptionAvailable } from "./transcribe.ts";

export const transcribeRoutes = new Hono<AppEnv>()
  .get(
    "/",
    async (c) => c.json({ available: await transcriptionAvailable(c.var.deps, c.var.actor.companyId) }),
  )
  .get(
    "/:file",
    async (c) => c.json(await transcribeAudioFile(c.var.deps, c.var.actor, c.req.param("file"))),
  );
