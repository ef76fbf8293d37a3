/**
 * The `webhooks` section of the OpenAPI document: one entry per event a company can subscribe
 * to (OpenAPI 3.1 Path Item objects keyed by event name, e.g. `ticket.updated`). Empty until the
 * event webhooks land; the payload schemas belong beside the events and are added here.
 */
export const WEBHOOKS: Record<string, unknown> = {};
