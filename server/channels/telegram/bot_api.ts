/**
 * A small client for Telegram's Bot API. The base URL comes from config (TELEGRAM_API_URL, default
 * https://api.telegram.org) so tests point it at a local server speaking the same protocol. The bot
 * token is part of every URL (`{base}/bot<token>/<method>`): that is how the Bot API works, so URLs
 * are never logged here. Every answer is `{ok, result}` or `{ok:false, error_code, description,
 * parameters?: {retry_after, migrate_to_chat_id}}`; a failed call throws `TelegramError` (an
 * AppError ERR_SENDING_WAPP_MSG, or the code the caller names) carrying those fields.
 */
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { AppError, type ErrorCode } from "../../lib/errors.ts";
import { safeFetch } from "../../lib/safe_fetch.ts";

const TIMEOUT_MS = 20_000;

/** A Bot API refusal: `tgCode` is Telegram's error_code (400, 401, 403, 429…; 0 when unreachable). */
export class TelegramError extends AppError {
  constructor(
    code: ErrorCode,
    readonly tgCode: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(code, {
      message: description,
      details: {
        provider: "telegram",
        status: tgCode,
        message: description,
        ...(retryAfter ? { retryAfter } : {}),
      },
    });
  }
}

const base = (deps: Deps) => deps.config.providers.telegram.replace(/\/$/, "");

/**
 * Calls one method. `params` goes as JSON, or as multipart when it holds a File (uploads).
 * A network failure is a TelegramError with status 0.
 */
export async function botCall<T>(
  deps: Deps,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  code: ErrorCode = "ERR_SENDING_WAPP_MSG",
): Promise<T> {
  const hasFile = Object.values(params).some((v) => v instanceof File);
  let body: BodyInit;
  const headers = new Headers();
  if (hasFile) {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined || v === null) continue;
      if (v instanceof File) form.set(k, v);
      else form.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
    }
    body = form;
  } else {
    headers.set("content-type", "application/json");
    body = JSON.stringify(params);
  }
  const res = await safeFetch(deps.fetchGuard, `${base(deps)}/bot${token}/${method}`, {
    method: "POST",
    headers,
    body,
    timeoutMs: TIMEOUT_MS,
  }).catch((err) => {
    throw new TelegramError(code, 0, String(err?.message ?? err));
  });
  const text = await res.text();
  let data: {
    ok?: boolean;
    result?: T;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  } = {};
  try {
    data = text ? JSON.parse(text) : {};
  } catch { /* described by the status below */ }
  if (!res.ok || !data.ok) {
    throw new TelegramError(
      code,
      data.error_code ?? res.status,
      data.description ?? (text.slice(0, 300) || res.statusText),
      data.parameters?.retry_after,
    );
  }
  return data.result as T;
}

/** The URL of a file getFile described (valid for at least an hour). */
export const fileUrl = (deps: Deps, token: string, filePath: string) =>
  `${base(deps)}/file/bot${token}/${filePath.split("/").map(encodeURIComponent).join("/")}`;

/** The connection's bot token, opened from its sealed column. */
export async function botToken(deps: Deps, conn: ConnectionRow): Promise<string> {
  if (!conn.telegramToken) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: "no bot token" });
  return await deps.secrets.open(conn.telegramToken);
}

export type TgUser = {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
};

/** getMe's answer. */
export type TgMe = TgUser & { is_bot: true; username: string };
