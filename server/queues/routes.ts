/** Mounted at /api/queue. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export const queuesRoutes = new Hono<AppEnv>();
