/**
 * Why the server refused a request, said in the user's language and tied to the field it concerns.
 * The server's AppError carries `details`: a list of `{path, message, code, minimum?, maximum?}`
 * (zod issues and the services' own reasons). Forms show these under their fields (fieldErrorsOf);
 * every other place gets them in the error toast (lib/toast.ts), so no reason is ever swallowed.
 */
import i18n from "./i18n.ts";
import { ApiError } from "./api.ts";

export type Reason = { path: string; text: string };

type Detail = {
  path?: unknown;
  field?: unknown;
  message?: unknown;
  code?: unknown;
  minimum?: unknown;
  maximum?: unknown;
};

/** One reason in the user's language: its code translated when we know it, else the server's words. */
function reasonText(d: Detail, fallback?: string): string {
  const code = typeof d.code === "string" ? d.code : "";
  const message = typeof d.message === "string" ? d.message : fallback ?? "";
  const params = { minimum: d.minimum, maximum: d.maximum, message };
  if (code && code !== "custom" && i18n.exists(`errors:issues.${code}`)) {
    return i18n.t(`errors:issues.${code}`, params);
  }
  // A custom issue's message is its reason's code (`end_before_start`, `date_in_past`).
  if (/^[a-z_]+$/.test(message) && i18n.exists(`errors:issues.${message}`)) {
    return i18n.t(`errors:issues.${message}`, params);
  }
  return message;
}

/** The reasons of a failed request, one per field; empty when the server gave none. */
export function reasonsOf(err: unknown): Reason[] {
  if (!(err instanceof ApiError)) return [];
  const serverMessage = err.message && err.message !== err.code ? err.message : undefined;
  const list = Array.isArray(err.details)
    ? err.details as Detail[]
    : err.details && typeof err.details === "object" && "field" in err.details
    ? [err.details as Detail]
    : [];
  return list.map((d) => ({
    path: String(d.path ?? d.field ?? ""),
    text: reasonText(d, serverMessage),
  })).filter((r) => r.text);
}

/**
 * The reasons keyed by field path (`name`, `options.0.queueId`), for a form's Field `error`s.
 * `fields` maps a server path to the form's own key when they differ.
 */
export function fieldErrorsOf(err: unknown, fields: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of reasonsOf(err)) {
    const key = fields[r.path] ?? r.path;
    out[key] ??= r.text;
  }
  return out;
}

/** The error's own line (its code translated) followed by the server's reasons, if any. */
export function describeError(err: unknown, fallbackKey = "errors:generic"): string {
  const head = codeMessage(err, fallbackKey);
  const reasons = reasonsOf(err);
  if (!reasons.length) return head;
  return `${head} ${reasons.map((r) => r.text).join("; ")}`;
}

function codeMessage(err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError) {
    const key = `errors:${err.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (err.code.startsWith("HTTP_") || err.code === "ERR_NETWORK") return i18n.t(fallbackKey);
    return err.code;
  }
  if (typeof err === "string" && err) return err;
  return i18n.t(fallbackKey);
}

/** For a message shown beside what it concerns: the reasons alone when the server gave some. */
export function reasonLine(err: unknown, fallbackKey = "errors:generic"): string {
  const reasons = reasonsOf(err);
  return reasons.length ? reasons.map((r) => r.text).join("; ") : describeError(err, fallbackKey);
}

/**
 * A reason the server stored on a row (a campaign shipment's or a schedule's `lastError`): a code
 * (`ERR_SEND_UNCERTAIN`), or a code and the provider's words (`ERR_SENDING_WAPP_MSG: Telegram: …`).
 * The code is said in the user's language; the provider's words follow as they came.
 */
export function describeStoredError(raw: string | null | undefined): string {
  if (!raw) return "";
  const m = raw.match(/^(ERR_[A-Z0-9_]+)(?::\s*([\s\S]*))?$/);
  if (!m || !i18n.exists(`errors:${m[1]}`)) return raw;
  const head = i18n.t(`errors:${m[1]}`);
  return m[2] ? `${head} (${m[2]})` : head;
}
