/** Mounted at /api (tags, tags-contacts, contactTags). */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";

export const tagsRoutes = new Hono<AppEnv>();
