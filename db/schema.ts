/** The only barrel: every table, for drizzle-kit and for `drizzle(client, { schema })`. */
export * from "./schema/core.ts";
export * from "./schema/connections.ts";
export * from "./schema/queues.ts";
export * from "./schema/contacts.ts";
export * from "./schema/tickets.ts";
export * from "./schema/messages.ts";
export * from "./schema/admin.ts";
export * from "./schema/campaigns.ts";
export * from "./schema/flows.ts";
export * from "./schema/billing.ts";
export * from "./schema/security.ts";
export * from "./schema/webchat.ts";
export * from "./schema/push.ts";
export * from "./schema/webhooks.ts";
export * from "./schema/ai_assist.ts";
export * from "./schema/data_rules.ts";
export * from "./schema/dashboard.ts";
