/**
 * POST /api/messages/send — the public send API (OpenAPI: GET /api/docs/openapi.json).
 * `Authorization: Bearer <connection token>` names the company and the connection. Checked
 * before the body is read: unknown token 401, expired company 402, plan without useExternalApi
 * 403 ERR_PLAN_FEATURE (the reference checked neither). JSON or multipart (`medias` files).
 * Mounted at /api/messages/send, before the attendants' /api/messages/:ticketId routes.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { isFormBody, readForm, readJson } from "../lib/body.ts";
import type { AppEnv, CompanyRow } from "../lib/context.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { AppError } from "../lib/errors.ts";
import { connectionForBearer } from "../connections/bearer.ts";
import { requirePlan } from "../auth/permissions.ts";
import { MAX_MEDIAS, sendInput } from "./schemas.ts";
import { sendExternal } from "./service.ts";

type ExtEnv = { Variables: AppEnv["Variables"] & { apiConn: ConnectionRow; apiCompany: CompanyRow } };

const requireToken: MiddlewareHandler<ExtEnv> = async (c, next) => {
  const { conn, company, plan } = await connectionForBearer(c.var.deps, c.req.header("authorization"));
  requirePlan(plan, "useExternalApi");
  c.set("apiConn", conn);
  c.set("apiCompany", company);
  await next();
};

async function readBody(c: Context): Promise<{ fields: unknown; files: File[] }> {
  if (isFormBody(c)) {
    const form = await readForm(c);
    const files = [...form.getAll("medias"), ...form.getAll("medias[]")].filter((f): f is File =>
      f instanceof File
    );
    const fields: Record<string, string> = {};
    for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
    return { fields, files };
  }
  return { fields: await readJson(c), files: [] };
}

export const externalApiRoutes = new Hono<ExtEnv>().post("/", requireToken, async (c) => {
  const { fields, files } = await readBody(c);
  if (files.length > MAX_MEDIAS) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "medias", message: `at most ${MAX_MEDIAS} files` }],
    });
  }
  const parsed = sendInput.safeParse(fields);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", {
      details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code })),
    });
  }
  const out = await sendExternal(
    c.var.deps,
    { conn: c.var.apiConn, company: c.var.apiCompany },
    parsed.data,
    files,
  );
  return c.json(out);
});
