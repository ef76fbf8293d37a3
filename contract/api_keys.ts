/**
 * API keys on the wire: the scopes a key may hold (the Developers screen groups its checkboxes by
 * resource from this list, the server maps routes onto it), the create body and the rows the list
 * answers. Plain TypeScript (no zod) so the web bundle pays nothing for it. The secret itself crosses the wire once, in the create answer.
 */
/** What a key can reach, one resource each; every resource has a read and a write scope. */
export const API_KEY_RESOURCES = [
  "tickets",
  "messages",
  "contacts",
  "tags",
  "queues",
  "quick-replies",
  "schedules",
  "campaigns",
  "contact-lists",
  "reports",
  "webhooks",
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

/** `<resource>:read|write`, plus `messages:send` (send a message on a ticket, nothing else of messages). */
export const API_KEY_SCOPES = [
  ...API_KEY_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as const),
  "messages:send",
] as readonly string[] as readonly ApiKeyScope[];
export type ApiKeyScope = `${ApiKeyResource}:${"read" | "write"}` | "messages:send";

export const isApiKeyScope = (s: string): s is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(s);

/** The recognisable start of every key's secret. */
export const API_KEY_PREFIX = "atk_";

/** The create body (the server validates it with zod in server/api_keys/schemas.ts). */
export type CreateApiKeyInput = {
  name: string;
  scopes: ApiKeyScope[];
  /** ISO date-time; absent or null: never expires. */
  expiresAt?: string | null;
  /** CIDR ranges (v4 or v6; a bare address is one host); empty: any address. */
  allowedIps?: string[];
};

/** One key in the list: never the secret, only its first characters. */
export type ApiKeyRow = {
  id: number;
  name: string;
  /** `atk_` and the first characters of the secret, to recognise a key in a config file. */
  prefix: string;
  scopes: ApiKeyScope[];
  allowedIps: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  createdAt: string;
  createdBy: string | null;
};

/** The create answer: the row plus the secret, shown once. */
export type CreatedApiKey = ApiKeyRow & { secret: string };
