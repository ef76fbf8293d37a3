/**
 * The one error type of the server. Services throw `AppError(code)`; the single `app.onError`
 * turns it into `{error, message?, details?}` with the status of the code.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const errorStatus = {
  // generic
  ERR_VALIDATION: 400,
  ERR_UNAUTHENTICATED: 401,
  ERR_NO_PERMISSION: 403,
  ERR_PLAN_FEATURE: 403,
  /** A plan limit (users, connections, queues) would be exceeded. */
  ERR_PLAN_LIMIT_REACHED: 403,
  ERR_NOT_FOUND: 404,
  ERR_CONFLICT: 409,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_RATE_LIMITED: 429,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA: 415,
  /** A URL the server will not fetch: a private, loopback, link-local or metadata target (lib/safe_fetch.ts). */
  ERR_URL_NOT_ALLOWED: 400,
  ERR_INTERNAL: 500,
  /** A payment provider failed during checkout; its answer is logged, never sent (billing/checkout.ts). */
  ERR_PAYMENT_PROVIDER: 502,
  // session
  ERR_INVALID_CREDENTIALS: 401,
  /** Access token expired: the client refreshes and retries once. */
  ERR_SESSION_EXPIRED: 403,
  /** Refresh token missing, expired, revoked or reused: the client logs in again. */
  ERR_SESSION_REVOKED: 401,
  ERR_OUT_OF_HOURS: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_EMAIL_IN_USE: 409,
  ERR_INVALID_RESET_CODE: 400,
  // API keys (api_keys/)
  /** Unknown, revoked or expired key: the same answer for all three. */
  ERR_API_KEY_INVALID: 401,
  /** The key lacks the route's scope, or the route is not open to keys at all (users, keys, billing…). */
  ERR_API_KEY_SCOPE: 403,
  /** The request's address is outside the key's allowed IP ranges. */
  ERR_API_KEY_IP_NOT_ALLOWED: 403,
  // two-factor login
  /** A wrong, expired or already used TOTP or recovery code (400, not 401: a session may be open). */
  ERR_2FA_INVALID_CODE: 400,
  /** The login challenge is unknown, expired, used or out of attempts: start again with the password. */
  ERR_2FA_CHALLENGE_INVALID: 401,
  ERR_2FA_ALREADY_ENABLED: 409,
  ERR_2FA_NOT_ENABLED: 409,
  /** 2FA is required for this user (company or platform): it cannot be turned off. */
  ERR_2FA_REQUIRED: 403,
  // spec catalogue (spec 1 §8)
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  /** The spec's specific not-found codes (spec 1 §8); notFound() picks them by resource. */
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_SENDING_WAPP_MSG: 502,
  /** Meta channels: a free-form reply more than 24 h after the customer's last message. */
  ERR_OUTSIDE_24H_WINDOW: 400,
  /** The ticket's integration switch turned on where neither its queue nor its connection has a bot. */
  ERR_NO_INTEGRATION: 400,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  /** requiredTag: the contact needs a tag before the ticket can be closed. */
  ERR_TAG_REQUIRED: 400,
  /** A campaign started with nothing to send; details.reason says why (campaigns/start.ts). */
  ERR_CAMPAIGN_NOTHING_TO_SEND: 422,
  /** Transcribing audio with neither the platform's audio key nor a company prompt's OpenAI key. */
  ERR_NO_TRANSCRIPTION_PROVIDER: 409,
  // the attendant's AI assistant (ai_assist/)
  /** The company has no AI provider set (or turned it off). */
  ERR_AI_NOT_CONFIGURED: 409,
  /** The company's monthly AI token budget (from its plan) is spent. */
  ERR_AI_BUDGET_EXHAUSTED: 429,
  /** The AI provider failed (error answer, timeout, stall); details.kind says which. */
  ERR_AI_PROVIDER: 502,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly details?: unknown;
  constructor(readonly code: ErrorCode, opts: { message?: string; details?: unknown; cause?: unknown } = {}) {
    super(opts.message ?? code, { cause: opts.cause });
    this.status = errorStatus[code];
    this.details = opts.details;
  }
}

/** The resources the spec's catalogue names a not-found code for (spec 1 §8); the rest are ERR_NOT_FOUND. */
const NOT_FOUND_CODES: Record<string, ErrorCode> = {
  setting: "ERR_NO_SETTING_FOUND",
  contact: "ERR_NO_CONTACT_FOUND",
  ticket: "ERR_NO_TICKET_FOUND",
  user: "ERR_NO_USER_FOUND",
  whatsapp: "ERR_NO_WAPP_FOUND",
};

/**
 * `get*` helpers throw this; another company's row answers exactly like a missing one. The code is
 * the spec's own for a ticket, contact, user, connection or setting, ERR_NOT_FOUND otherwise;
 * `details.resource` always says what was looked for.
 */
export const notFound = (resource: string, details: Record<string, unknown> = {}) =>
  new AppError(NOT_FOUND_CODES[resource] ?? "ERR_NOT_FOUND", { details: { resource, ...details } });

/** True for any not-found answer (ERR_NOT_FOUND or one of the spec's ERR_NO_…_FOUND). */
export const isNotFound = (err: unknown): boolean => err instanceof AppError && err.status === 404;

export const noPermission = () => new AppError("ERR_NO_PERMISSION");

/** True when a libSQL error is a UNIQUE constraint failure (optionally on a given index/column text). */
export function isUniqueViolation(err: unknown, hint?: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const msg = String((e as { message?: string }).message ?? "");
    if (msg.includes("UNIQUE constraint failed") && (!hint || msg.includes(hint))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
