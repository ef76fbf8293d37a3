/**
 * Which scope an API key needs for a route: the one place that opens application routes to keys.
 * Each row is one route exactly as its router mounts it under /api (`METHOD /path`); a path value
 * named `uuid`/`…Uuid` matches a UUID, every other `:name` a numeric id, so `/contacts/:id` never
 * opens `/contacts/list` or `/contacts/export`. GET needs `<resource>:read`, every other method
 * `<resource>:write`, unless the row names its own scope (sending a message is `messages:send`,
 * which `messages:write` also grants). The rows are the documented routes of the OpenAPI registry
 * and nothing else — tests/api_docs holds the two sets equal — so a route a key can call is a
 * route an integrator can read about. A route not here is refused to keys whatever their scopes.
 */
import type { ApiKeyResource, ApiKeyScope } from "@contract/api_keys.ts";

type Entry = {
  resource: ApiKeyResource;
  /** `METHOD /path` under /api, as mounted. */
  routes: string[];
  /** The scope instead of `<resource>:read|write`. */
  scope?: ApiKeyScope;
};

const TABLE: Entry[] = [
  {
    resource: "tickets",
    routes: [
      "GET /tickets",
      "POST /tickets",
      "GET /tickets/u/:uuid",
      "GET /tickets/:id",
      "PUT /tickets/:id",
      "DELETE /tickets/:id",
      "PUT /ticket-tags/:ticketId/:tagId",
      "DELETE /ticket-tags/:ticketId/:tagId",
    ],
  },
  {
    resource: "messages",
    routes: ["GET /messages/:ticketUuid", "GET /messages/:id/body", "GET /messages/:id/html"],
  },
  { resource: "messages", scope: "messages:send", routes: ["POST /messages/:ticketId"] },
  {
    resource: "contacts",
    routes: [
      "GET /contacts",
      "POST /contacts",
      "GET /contacts/:id",
      "PUT /contacts/:id",
      "DELETE /contacts/:id",
    ],
  },
  {
    resource: "tags",
    routes: [
      "GET /tags",
      "POST /tags",
      "POST /tags/sync",
      "GET /tags/:id",
      "PUT /tags/:id",
      "DELETE /tags/:id",
    ],
  },
  {
    resource: "queues",
    routes: ["GET /queue", "POST /queue", "GET /queue/:id", "PUT /queue/:id", "DELETE /queue/:id"],
  },
  {
    resource: "quick-replies",
    routes: [
      "GET /quick-messages",
      "POST /quick-messages",
      "GET /quick-messages/:id",
      "PUT /quick-messages/:id",
      "DELETE /quick-messages/:id",
    ],
  },
  {
    resource: "schedules",
    routes: [
      "GET /schedules",
      "POST /schedules",
      "GET /schedules/:id",
      "PUT /schedules/:id",
      "DELETE /schedules/:id",
    ],
  },
  {
    resource: "campaigns",
    routes: [
      "GET /campaigns",
      "POST /campaigns",
      "GET /campaigns/:id",
      "PUT /campaigns/:id",
      "DELETE /campaigns/:id",
      "POST /campaigns/:id/start",
      "POST /campaigns/:id/cancel",
    ],
  },
  {
    resource: "contact-lists",
    routes: [
      "GET /contact-lists",
      "POST /contact-lists",
      "GET /contact-lists/:id",
      "PUT /contact-lists/:id",
      "DELETE /contact-lists/:id",
      "GET /contact-list-items",
      "POST /contact-list-items",
      "GET /contact-list-items/:id",
      "PUT /contact-list-items/:id",
      "DELETE /contact-list-items/:id",
    ],
  },
  { resource: "reports", routes: ["GET /dashboard", "GET /ticketreport/reports"] },
  {
    resource: "webhooks",
    routes: [
      "GET /webhook-subscriptions",
      "POST /webhook-subscriptions",
      "GET /webhook-subscriptions/:id",
      "PUT /webhook-subscriptions/:id",
      "DELETE /webhook-subscriptions/:id",
      "POST /webhook-subscriptions/:id/rotate-secret",
      "GET /webhook-subscriptions/:id/deliveries",
      "GET /webhook-subscriptions/:id/deliveries/:deliveryId",
      "POST /webhook-subscriptions/:id/deliveries/:deliveryId/resend",
    ],
  },
];

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

const segment = (s: string) =>
  s.startsWith(":") ? (/uuid$/i.test(s) ? UUID : "\\d+") : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const compiled = TABLE.flatMap((entry) =>
  entry.routes.map((route) => {
    const [method, path] = route.split(" ");
    return { entry, method, path, re: new RegExp("^" + path.split("/").map(segment).join("/") + "/?$") };
  })
);

/**
 * The scope a key needs for `method path` (path under /api, e.g. `/tickets/12`), or null when the
 * route is not open to keys. HEAD is asked as GET.
 */
export function scopeFor(method: string, path: string): ApiKeyScope | null {
  const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const hit = compiled.find((c) => c.method === m && c.re.test(path));
  if (!hit) return null;
  return hit.entry.scope ?? `${hit.entry.resource}:${m === "GET" ? "read" : "write"}`;
}

/** Whether a key holding `scopes` passes `needed` (`messages:write` also sends). */
export function grants(scopes: readonly ApiKeyScope[], needed: ApiKeyScope): boolean {
  return scopes.includes(needed) || (needed === "messages:send" && scopes.includes("messages:write"));
}

/** Every route open to keys, as `METHOD /api/path` (Hono's `app.routes` naming), with its scope. */
export const KEY_ROUTES: readonly { route: string; resource: ApiKeyResource; scope: ApiKeyScope }[] = compiled
  .map((c) => ({
    route: `${c.method} /api${c.path}`,
    resource: c.entry.resource,
    scope: c.entry.scope ?? `${c.entry.resource}:${c.method === "GET" ? "read" : "write"}` as ApiKeyScope,
  }));
