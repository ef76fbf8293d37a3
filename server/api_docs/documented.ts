/**
 * Every documented route of the application API, in the order of the reference. A route added
 * here is in the document, on the page and in the contract test; a route mounted under /api that
 * is in neither this list nor tests/api_docs/staff_only.ts fails that test.
 */
import type { ApiRoute } from "./registry.ts";
import { conversationRoutes } from "./entries/conversations.ts";
import { contactRoutes } from "./entries/contacts.ts";
import { operationRoutes } from "./entries/operations.ts";
import { webhookRoutes } from "./entries/webhooks.ts";
import { recordRoutes } from "./entries/records.ts";

export const API_ROUTES: readonly ApiRoute[] = [
  ...conversationRoutes,
  ...contactRoutes,
  ...operationRoutes,
  ...recordRoutes,
  ...webhookRoutes,
];
