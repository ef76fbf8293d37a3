/** Mounted at /api/ticket-notes. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export const ticketNotesRoutes = new Hono<AppEnv>();
