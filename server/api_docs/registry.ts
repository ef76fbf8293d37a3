/**
 * The application API as data: one entry per documented route, naming the very zod objects the
 * route validates with (imported from the feature, never copied) and the zod schema of its
 * answer. openapi.ts turns the entries into the OpenAPI 3.1 document, page.ts into the reference
 * page, and tests/api_docs walks them (every entry called, its answer validated), so a route and
 * its documentation cannot drift apart.
 */
import type { z } from "zod";
import type { ApiKeyResource } from "@contract/api_keys.ts";
import type { ErrorCode } from "../lib/errors.ts";
import { KEY_ROUTES } from "../api_keys/scopes.ts";

/** The resources of the key scopes: the keys' own list, one for the screen, the check and the document. */
export type ApiResource = ApiKeyResource;

/** Groups of the reference (OpenAPI tags), in the order the page shows them. */
export const API_TAGS = [
  { name: "Tickets", description: "Conversations with a contact: list, open, transfer, close." },
  { name: "Messages", description: "A ticket's messages: read the conversation, reply." },
  { name: "Contacts", description: "The company's contacts." },
  { name: "Tags", description: "Labels on contacts and tickets." },
  { name: "Queues", description: "Departments tickets are routed to." },
  { name: "Quick replies", description: "Saved answers attendants insert with a shortcode." },
  { name: "Schedules", description: "Messages scheduled to a contact." },
  { name: "Campaigns", description: "Bulk sends to a contact list or a tag." },
  { name: "Contact lists", description: "Audiences of campaigns." },
  { name: "Reports", description: "Dashboard counters and the tickets report." },
  {
    name: "Webhooks",
    description: "Event subscriptions: signed deliveries, retried for 24 h, with a log and send again.",
  },
  {
    name: "Send API",
    description: "The per-connection send endpoint (bearer = the connection's 30-character token).",
  },
] as const;
export type ApiTag = (typeof API_TAGS)[number]["name"];

export type HttpMethod = "get" | "post" | "put" | "delete";

export type ApiRoute = {
  method: HttpMethod;
  /** As Hono mounts it, under /api: `/api/tickets/:id`. */
  path: string;
  operationId: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The key scope's resource; absent for the send API, whose bearer is a connection token. */
  resource?: ApiResource;
  /** Path parameters (integers unless said otherwise). */
  params?: Record<string, { type?: "integer" | "string"; description: string }>;
  /** The route's own query schema (validate("query", …)). */
  query?: z.ZodType;
  /** The route's own body schema (validate("json", …) or the schema its handler parses with). */
  body?: z.ZodType;
  /** The body's component name in the document (default: `<OperationId>Request`). */
  bodyName?: string;
  /** The route also takes multipart/form-data: the body's fields plus files in `field`. */
  files?: { field: string; maxItems?: number; description: string };
  answer: { status: 200 | 201 | 202 | 204; schema?: z.ZodType; description: string };
  /** Codes this route answers besides the ones every call can get (see COMMON_ERRORS). */
  errors: ErrorCode[];
  /** A request that works: path values, query, body. The page turns it into a curl line. */
  example: { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };
};

/** What any call with an API key can answer (auth, scope, subscription, rate limit). */
export const COMMON_ERRORS: ErrorCode[] = [
  "ERR_UNAUTHENTICATED",
  "ERR_NO_PERMISSION",
  "ERR_PLAN_FEATURE",
  "ERR_SUBSCRIPTION_EXPIRED",
  "ERR_RATE_LIMITED",
];

/**
 * The scope a key needs for the route (null: the send API, authorised by a connection token): the
 * key check's own table (api_keys/scopes.ts), looked up by the route's `METHOD /api/path`, so the
 * document says what the check does. A documented route the table does not open answers null, and
 * the contract test fails on it.
 */
const keyScopes = new Map(KEY_ROUTES.map((k) => [k.route, k.scope]));
export const scopeOf = (
  r: ApiRoute,
): string | null => (r.resource ? keyScopes.get(routeKey(r)) ?? null : null);

/** Every scope a documented route asks for, sorted (the key screen offers these). */
export const documentedScopes = (routes: readonly ApiRoute[]): string[] =>
  [...new Set(routes.map(scopeOf).filter((s): s is string => s !== null))].sort();

/** `METHOD /api/path` — how the contract test names a route, the same as Hono's `app.routes`. */
export const routeKey = (r: Pick<ApiRoute, "method" | "path">) => `${r.method.toUpperCase()} ${r.path}`;
