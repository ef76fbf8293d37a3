/** Mounted at /api/contacts. */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export const contactsRoutes = new Hono<AppEnv>();
