import { readStorage, STORAGE_KEYS, writeStorage } from "./storage.ts";
import { reportReachable } from "./online.ts";

/** Every failed call becomes an ApiError; the UI translates `code` in one place (lib/toast.ts). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? code);
    this.name = "ApiError";
  }
}

type SessionEvent = "unauthorized" | "subscription-expired" | "token-refreshed";
type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

/** lib/auth.tsx listens here, so this module never touches routing or the window location. */
export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function emit(event: SessionEvent) {
  for (const l of listeners) l(event);
}

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}
export function setToken(token: string | null): void {
  writeStorage(STORAGE_KEYS.token, token);
}

type Query = Record<string, string | number | boolean | undefined | null>;
export type RequestOptions = {
  body?: unknown;
  query?: Query;
  form?: FormData;
  /** Skip the refresh/401 handling (used by the refresh call itself and public pages). */
  anonymous?: boolean;
};

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`/api${path}`, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function toError(res: Response): Promise<ApiError> {
  let payload: { error?: string; message?: string; details?: unknown } = {};
  try {
    payload = await res.json();
  } catch {
    // Non-JSON error bodies keep the generic code below.
  }
  return new ApiError(payload.error ?? `HTTP_${res.status}`, res.status, payload.details, payload.message);
}

let refreshing: Promise<string | null> | null = null;

/** POST /auth/refresh_token with the httpOnly cookie; one request at a time. */
export function refreshToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const res = await fetch("/api/auth/refresh_token", { method: "POST", credentials: "include" });
      if (!res.ok) return null;
      const data = await res.json() as { token: string };
      setToken(data.token);
      emit("token-refreshed");
      return data.token;
    } catch {
      return null;
    } finally {
      queueMicrotask(() => (refreshing = null));
    }
  })();
  return refreshing;
}

async function send(method: string, path: string, opts: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token && !opts.anonymous) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  try {
    const res = await fetch(buildUrl(path, opts.query), { method, headers, body, credentials: "include" });
    reportReachable(true);
    return res;
  } catch {
    reportReachable(false);
    throw new ApiError("ERR_NETWORK", 0);
  }
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(method, path, opts, getToken());
  if (!res.ok && !opts.anonymous) {
    if (res.status === 403) {
      const err = await toError(res.clone());
      if (err.code === "ERR_SESSION_EXPIRED") {
        const fresh = await refreshToken();
        if (fresh) res = await send(method, path, opts, fresh);
        else {
          setToken(null);
          emit("unauthorized");
          throw err;
        }
      }
    }
    if (res.status === 401) {
      setToken(null);
      emit("unauthorized");
    }
  }
  if (!res.ok) {
    const err = await toError(res);
    if (err.status === 402 && err.code === "ERR_SUBSCRIPTION_EXPIRED") emit("subscription-expired");
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * GET a file (spreadsheets, exports) with the same session handling as JSON calls. `onProgress`
 * is told the bytes received so far and the response's headers (exports announce their row count).
 */
export async function requestBlob(
  path: string,
  query?: Query,
  onProgress?: (received: number, headers: Headers) => void,
): Promise<Blob> {
  let res = await send("GET", path, { query }, getToken());
  if (res.status === 403) {
    const err = await toError(res.clone());
    if (err.code === "ERR_SESSION_EXPIRED") {
      const fresh = await refreshToken();
      if (fresh) res = await send("GET", path, { query }, fresh);
    }
  }
  if (!res.ok) throw await toError(res);
  if (!onProgress || !res.body) return await res.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = res.body.getReader();
  onProgress(0, res.headers);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received, res.headers);
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? undefined });
}

/**
 * POST that answers a stream (server-sent events): the same session handling as JSON calls; a
 * refusal before the stream opens is thrown as an ApiError, the open response is returned.
 */
export async function requestStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const open = (token: string | null) => {
    const headers: Record<string, string> = {
      Accept: "text/event-stream",
      "Content-Type": "application/json",
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(buildUrl(path), { method: "POST", headers, body: JSON.stringify(body ?? {}), signal })
      .catch((err) => {
        if ((err as Error)?.name === "AbortError") throw err;
        reportReachable(false);
        throw new ApiError("ERR_NETWORK", 0);
      });
  };
  let res = await open(getToken());
  if (res.status === 403) {
    const err = await toError(res.clone());
    if (err.code === "ERR_SESSION_EXPIRED") {
      const fresh = await refreshToken();
      if (fresh) res = await open(fresh);
    }
  }
  if (res.status === 401) (setToken(null), emit("unauthorized"));
  if (!res.ok) throw await toError(res);
  return res;
}

export const api = {
  get: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>("GET", path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
  upload: <T>(path: string, form: FormData) => request<T>("POST", path, { form }),
};

/** Public file URL for a stored file name (logos, avatars) — absolute URLs pass through. */
export function publicFileUrl(file: string | null | undefined): string | null {
  if (!file) return null;
  if (/^(https?:|data:|blob:|\/)/.test(file)) return file;
  return `/public/${file}`;
}
