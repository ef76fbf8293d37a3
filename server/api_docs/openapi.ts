/**
 * The OpenAPI 3.1 document of the application API, generated from the registry: each entry's
 * zod schemas become JSON Schema (zod 4's z.toJSONSchema, 2020-12, the dialect of OpenAPI 3.1),
 * named schemas (`.meta({id})`) become shared components, and errors are grouped by status with
 * their codes. Built once per process: the document is the code's, not the database's.
 */
import { z } from "zod";
import { VERSION } from "../config.ts";
import { errorStatus } from "../lib/errors.ts";
import { errorAnswer } from "../lib/answers.ts";
import { API_TAGS, type ApiRoute, COMMON_ERRORS, scopeOf } from "./registry.ts";
import { API_ROUTES } from "./documented.ts";
import { webhooksSection } from "./webhooks.ts";

type Json = Record<string, unknown>;

const MAX = Number.MAX_SAFE_INTEGER;

/** Hoists `$defs` into the shared components, points refs there, drops zod's safe-integer bounds. */
function tidy(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, defs));
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === "$schema") continue;
    if (k === "$defs") {
      for (const [name, d] of Object.entries(v as Json)) defs[name] = tidy(d, defs);
      continue;
    }
    if (k === "$ref" && typeof v === "string") {
      out[k] = v.replace("#/$defs/", "#/components/schemas/");
      continue;
    }
    if ((k === "minimum" && v === -MAX) || (k === "maximum" && v === MAX)) continue;
    out[k] = tidy(v, defs);
  }
  return out;
}

function toSchema(schema: z.ZodType, io: "input" | "output", defs: Record<string, unknown>): Json {
  return tidy(z.toJSONSchema(schema, { io, unrepresentable: "any", cycles: "ref" }), defs) as Json;
}

/** The object a query schema validates (a preprocessed query is a pipe into one). */
function queryObject(schema: z.ZodType, defs: Record<string, unknown>): Json {
  let s = toSchema(schema, "input", defs);
  const def = (schema as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
  if (!s.properties && def.type === "pipe" && def.out) s = toSchema(def.out, "input", defs);
  return s;
}

/** Hono's `/api/tickets/:id` → OpenAPI's `/tickets/{id}` (the server URL is /api). */
export const openApiPath = (path: string) => path.replace(/^\/api/, "").replace(/:(\w+)/g, "{$1}");

const errorResponses = (codes: readonly string[]) => {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = errorStatus[code as keyof typeof errorStatus];
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), {
      description: list.join(", "),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          example: { error: list[0] },
        },
      },
    }]),
  );
};

const upper = (s: string) => s[0].toUpperCase() + s.slice(1);

function operation(r: ApiRoute, defs: Record<string, unknown>): Json {
  const scope = scopeOf(r);
  const parameters: Json[] = Object.entries(r.params ?? {}).map(([name, p]) => ({
    name,
    in: "path",
    required: true,
    description: p.description,
    schema: p.type === "string" ? { type: "string" } : { type: "integer", minimum: 1 },
    ...(r.example.params?.[name] !== undefined ? { example: r.example.params[name] } : {}),
  }));
  if (r.query) {
    const q = queryObject(r.query, defs);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: "query",
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(r.example.query?.[name] !== undefined ? { example: r.example.query[name] } : {}),
      });
    }
  }
  let requestBody: Json | undefined;
  if (r.body) {
    const name = r.bodyName ?? `${upper(r.operationId)}Request`;
    defs[name] = toSchema(r.body, "input", defs);
    const content: Json = {
      "application/json": {
        schema: { $ref: `#/components/schemas/${name}` },
        ...(r.example.body !== undefined ? { example: r.example.body } : {}),
      },
    };
    if (r.files) {
      const fields = defs[name] as Json;
      content["multipart/form-data"] = {
        schema: {
          type: "object",
          properties: {
            ...(fields.properties as Json),
            [r.files.field]: {
              type: "array",
              ...(r.files.maxItems ? { maxItems: r.files.maxItems } : {}),
              items: { type: "string", contentMediaType: "application/octet-stream" },
              description: r.files.description,
            },
          },
          required: [...((fields.required as string[] | undefined) ?? []), r.files.field],
        },
      };
    }
    requestBody = { required: true, content };
  }
  const ok = r.answer.schema
    ? {
      description: r.answer.description,
      content: { "application/json": { schema: toSchema(r.answer.schema, "output", defs) } },
    }
    : { description: r.answer.description };
  const errors = r.resource ? [...COMMON_ERRORS, ...r.errors] : r.errors;
  return {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description || scope
      ? { description: [r.description, scope ? `Scope: \`${scope}\`.` : ""].filter(Boolean).join("\n\n") }
      : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [String(r.answer.status)]: ok, ...errorResponses(errors) },
    security: scope ? [{ bearerAuth: [scope] }] : [{ connectionToken: [] }],
    ...(scope ? { "x-scope": scope } : {}),
  };
}

export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): Json {
  const defs: Record<string, unknown> = {};
  const paths: Record<string, Json> = {};
  for (const r of routes) {
    const p = openApiPath(r.path);
    paths[p] = { ...paths[p], [r.method]: operation(r, defs) };
  }
  defs.Error = toSchema(errorAnswer, "output", defs);
  return {
    openapi: "3.1.0",
    info: {
      title: "Atende application API",
      version: VERSION,
      description: "Everything a company's integrations need: tickets and their messages, contacts, " +
        "tags, queues, quick replies, schedules, campaigns, contact lists and reports. Authenticate " +
        "with an API key of the company (`Authorization: Bearer atk_…`, created by an admin on the " +
        "Developers screen); each route names the scope the key needs (`<resource>:read` for reads, " +
        "`<resource>:write` for changes). A key acts as the company. Errors answer " +
        '`{"error": "ERR_CODE", "message"?, "details"?}`; ERR_VALIDATION carries the zod issues in ' +
        "details. The per-connection send API (`POST /messages/send`) keeps its connection token.",
    },
    servers: [{ url: "/api" }],
    tags: API_TAGS.map((t) => ({ ...t })),
    paths,
    // Event webhooks the company can subscribe to (OpenAPI 3.1 `webhooks`): see webhooks.ts.
    webhooks: webhooksSection((s) => toSchema(s, "output", defs)),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "atk_…",
          description: "An API key of the company; its scopes decide which routes it may call.",
        },
        connectionToken: { type: "http", scheme: "bearer", description: "The connection's token." },
      },
      schemas: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

let built: Json | null = null;
/** The document, built on first use. */
export const openApiDocument = (): Json => built ??= buildOpenApiDocument();
