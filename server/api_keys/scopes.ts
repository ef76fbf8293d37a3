/**
 * Which scope an API key needs for a route: the one place that opens application routes to keys.
 * A route is written as in its router, under /api (`:name` is one path segment); GET and HEAD
 * need `<resource>:read`, every other method `<resource>:write`, unless the entry names its own
 * scope (sending a message is `messages:send`, which `messages:write` also grants). A route not in
 * this table is refused to keys (users, API keys, billing, settings, plans, companies, connections,
 * the audit log…), whatever the key's scopes.
 */
import type { ApiKeyResource, ApiKeyScope } from "@contract/api_keys.ts";

type Entry = {
  resource: ApiKeyResource;
  paths: string[];
  /** Only these methods (default: all). */
  methods?: string[];
  /** The scope instead of `<resource>:read|write`. */
  scope?: ApiKeyScope;
};

/** `:name` is one path segment; `#name` one numeric segment (so `/messages/#ticketId` is not `/messages/send`). */
const TABLE: Entry[] = [
  {
    resource: "tickets",
    paths: [
      "/tickets",
      "/tickets/closeAll",
      "/tickets/u/:uuid",
      "/tickets/:id",
      "/tickets-log/:ticketId",
      "/ticket-tags/:ticketId",
      "/ticket-tags/:ticketId/:tagId",
    ],
  },
  { resource: "messages", methods: ["GET", "HEAD"], paths: ["/messages/:ticketUuid", "/messages/#id/body"] },
  {
    resource: "messages",
    methods: ["POST"],
    scope: "messages:send",
    paths: [
      "/messages/#ticketId",
      "/messages/lista/#ticketId",
      "/messages/copy/#ticketId",
      "/messages/URL/#ticketId",
    ],
  },
  { resource: "messages", methods: ["DELETE"], paths: ["/messages/#id"] },
  {
    resource: "messages",
    methods: ["POST"],
    paths: ["/messages/edit/#id", "/messages/#id/retry", "/message/forward"],
  },
  {
    resource: "contacts",
    paths: [
      "/contacts",
      "/contacts/list",
      "/contacts/export",
      "/contacts/upload",
      "/contacts/:id",
      "/contacts/:id/tickets",
      "/contacts/toggleAcceptAudio/:id",
      "/contacts/block/:id",
      "/contacts/toggleDisableBot/:id",
      "/contactTags/:contactId",
    ],
  },
  {
    resource: "tags",
    paths: [
      "/tags",
      "/tags/list",
      "/tags/sync",
      "/tags/:id",
      "/tags-contacts/:tagId/:contactId",
      "/tag/kanban",
      "/tag/kanban/order",
    ],
  },
  { resource: "queues", paths: ["/queue", "/queue/refs", "/queue/:id"] },
  {
    resource: "quick-replies",
    paths: [
      "/quick-messages",
      "/quick-messages/list",
      "/quick-messages/:id",
      "/quick-messages/:id/media-upload",
    ],
  },
  {
    resource: "schedules",
    paths: ["/schedules", "/schedules/calendar", "/schedules/:id", "/schedules/:id/media-upload"],
  },
  {
    resource: "campaigns",
    paths: [
      "/campaigns",
      "/campaigns/:id",
      "/campaigns/:id/report",
      "/campaigns/:id/:action",
      "/campaigns/:id/media-upload",
      "/campaign-settings",
    ],
  },
  {
    resource: "contact-lists",
    paths: [
      "/contact-lists",
      "/contact-lists/list",
      "/contact-lists/sample",
      "/contact-lists/:id",
      "/contact-lists/:id/export",
      "/contact-lists/:id/number-check",
      "/contact-lists/:id/upload",
      "/contact-list-items",
      "/contact-list-items/:id",
    ],
  },
  {
    resource: "reports",
    paths: [
      "/dashboard",
      "/dashboard/attendants.xlsx",
      "/dashboard/ticketsUsers",
      "/dashboard/ticketsDay",
      "/dashboard/moments",
      "/usersMoments",
      "/ticketreport/reports",
      "/ticketreport/reports.xlsx",
      "/ticketreport/reports.pdf",
    ],
  },
  {
    resource: "webhooks",
    paths: [
      "/webhook-subscriptions",
      "/webhook-subscriptions/:id",
      "/webhook-subscriptions/:id/rotate-secret",
      "/webhook-subscriptions/:id/deliveries",
      "/webhook-subscriptions/:id/deliveries/:deliveryId",
      "/webhook-subscriptions/:id/deliveries/:deliveryId/resend",
    ],
  },
];

const compiled = TABLE.flatMap((e) =>
  e.paths.map((p) => ({
    entry: e,
    re: new RegExp(
      "^" + p.replace(/[.]/g, "\\.").replace(/:[A-Za-z]+/g, "[^/]+").replace(/#[A-Za-z]+/g, "\\d+") + "/?$",
    ),
  }))
);

/**
 * The scope a key needs for `method path` (path under /api, e.g. `/tickets/12`), or null when the
 * route is not open to keys.
 */
export function scopeFor(method: string, path: string): ApiKeyScope | null {
  const m = method.toUpperCase();
  const hit = compiled.find((c) => (!c.entry.methods || c.entry.methods.includes(m)) && c.re.test(path));
  if (!hit) return null;
  return hit.entry.scope ?? `${hit.entry.resource}:${m === "GET" || m === "HEAD" ? "read" : "write"}`;
}

/** Whether a key holding `scopes` passes `needed` (`messages:write` also sends). */
export function grants(scopes: readonly ApiKeyScope[], needed: ApiKeyScope): boolean {
  return scopes.includes(needed) || (needed === "messages:send" && scopes.includes("messages:write"));
}

/** Every route open to keys with its pattern, for documentation (one row per path; methods null = all). */
export const KEY_ROUTES: readonly {
  path: string;
  methods: readonly string[] | null;
  resource: ApiKeyResource;
}[] = TABLE.flatMap((e) =>
  e.paths.map((path) => ({ path, methods: e.methods ?? null, resource: e.resource }))
);
