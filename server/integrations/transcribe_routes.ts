/** GET /api/messages/transcribeAudio/{file} (spec 1 §7): { transcribedText }. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { transcribeAudioFile } from "./transcribe.ts";

export const transcribeRoutes = new Hono<AppEnv>()
  .get(
    "/:file",
    async (c) => c.json(await transcribeAudioFile(c.var.deps, c.var.actor, c.req.param("file"))),
  );
