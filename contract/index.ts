/**
 * The contract between the server and the web app: what crosses the wire, written once.
 *
 * Both `server/` and `web/src` import these files as `@contract/<area>.ts`: DTO types, the enums
 * and unions they carry, the permission table, the flow graph's node union, and the zod schemas
 * both sides validate with. A field is added here, and the two sides follow by type checking.
 *
 * The rule: nothing here imports `server/`, `web/`, `db/`, Deno or browser APIs, or `node:`
 * modules; only zod and plain TypeScript (tests/hardening/web_layers_test.ts keeps it so).
 * One file per area; this index only re-exports them.
 */
export * from "./common.ts";
export * from "./tickets.ts";
export * from "./messages.ts";
export * from "./users.ts";
export * from "./companies.ts";
export * from "./chats.ts";
export * from "./permissions.ts";
export * from "./flows.ts";
export * from "./integrations.ts";
export * from "./webchat.ts";
export * from "./connections.ts";
export * from "./dashboard.ts";
export * from "./contacts.ts";
export * from "./quick_messages.ts";
export * from "./contact_lists.ts";
export * from "./audit.ts";
export * from "./schedules.ts";
export * from "./telegram.ts";
export * from "./api_keys.ts";
export * from "./ai_assist.ts";
export * from "./data_rules.ts";
