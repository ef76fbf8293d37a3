/**
 * A small client for Meta's Graph API (Messenger, Instagram, WhatsApp Cloud API). Base URLs come
 * from config.providers (GRAPH_API_URL, WHATSAPP_CLOUD_API_URL) so tests point them at a local
 * server. Tokens travel in the Authorization header, never in URLs (they would end up in logs).
 * A Graph error `{error:{message, code, error_subcode}}` becomes ERR_SENDING_WAPP_MSG with the
 * provider's message in `details`. A call that timed out (GRAPH_TIMEOUT_MS) had left: Meta may have
 * acted on it, so its error says `maybeDelivered` (channels/adapter.ts) and a send is not retried.
 */
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { AppError, type ErrorCode } from "../../lib/errors.ts";
import { safeFetch } from "../../lib/safe_fetch.ts";
import { MAYBE_DELIVERED } from "../adapter.ts";

export const GRAPH_VERSION = "v21.0";

export type GraphBase = "graph" | "cloudApi";

export const graphUrl = (deps: Deps, base: GraphBase, path: string) =>
  `${deps.config.providers[base].replace(/\/$/, "")}/${GRAPH_VERSION}/${path.replace(/^\//, "")}`;

export type GraphErrorInfo = { status: number; message: string; code?: number; subcode?: number };

/** Performs one Graph call and returns its JSON; a non-2xx answer throws `code` with the details. */
export async function graphCall<T = Record<string, unknown>>(
  deps: Deps,
  url: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData },
  code: ErrorCode = "ERR_SENDING_WAPP_MSG",
): Promise<T> {
  const headers = new Headers();
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const failed = (err: { name?: string; message?: string }) => {
    const timedOut = err?.name === "TimeoutError";
    return new AppError(code, {
      cause: err,
      details: {
        provider: "meta",
        message: String(err?.message ?? err),
        ...(timedOut ? { [MAYBE_DELIVERED]: true } : {}),
      },
    });
  };
  // The provider's base URL is the operator's (trusted by the guard); a redirect elsewhere is not.
  const res = await safeFetch(deps.fetchGuard, url, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    timeoutMs: deps.config.graphTimeoutMs,
  }).catch((err) => {
    throw failed(err);
  });
  // The answer's body is read under the same timeout: Meta has the request by then.
  const text = await res.text().catch((err) => {
    throw failed(err);
  });
  let data: Record<string, unknown> = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch { /* a non-JSON answer is described by its status */ }
  if (!res.ok || data.error) {
    const e = (data.error ?? {}) as { message?: string; code?: number; error_subcode?: number };
    const details: GraphErrorInfo = {
      status: res.status,
      message: e.message ?? (text.slice(0, 300) || res.statusText),
      code: e.code,
      subcode: e.error_subcode,
    };
    throw new AppError(code, { message: details.message, details: { provider: "meta", ...details } });
  }
  return data as T;
}

/** The connection's Graph token, opened from its sealed column. */
export async function accessToken(deps: Deps, conn: ConnectionRow): Promise<string> {
  if (!conn.metaAccessToken) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: "no access token" });
  return await deps.secrets.open(conn.metaAccessToken);
}
