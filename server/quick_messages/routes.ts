/** Mounted at /api/quick-messages. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export const quickMessagesRoutes = new Hono<AppEnv>();
