/**
 * A local stand-in for Telegram's Bot API (TELEGRAM_API_URL): `POST /bot<token>/<method>` with a
 * JSON or multipart body, answered `{ok:true, result}` or `{ok:false, error_code, description,
 * parameters?}` as Telegram does, and files at `GET /file/bot<token>/<file_path>`. It knows getMe,
 * setWebhook, deleteWebhook, getWebhookInfo, sendMessage, sendPhoto, sendDocument (and the other
 * send* methods), editMessageText, editMessageCaption, deleteMessage, getFile, answerCallbackQuery,
 * sendChatAction, getUpdates (409 while a webhook is set); every call is recorded. A token not in `bots` answers 401 Unauthorized.
 */
export type TelegramCall = {
  token: string;
  method: string;
  params: Record<string, unknown>;
  /** Uploaded files of a multipart call, by field. */
  files: Record<string, { name: string; type: string; size: number }>;
  /** What the server answered in `result` (e.g. the sent Message). */
  result?: { message_id?: number } & Record<string, unknown>;
};

export type TelegramServer = {
  url: string;
  calls: TelegramCall[];
  /** token → the bot getMe describes. */
  bots: Map<string, { id: number; first_name: string; username: string }>;
  /** file_id → its bytes and path (getFile + download). */
  files: Map<string, { path: string; bytes: Uint8Array }>;
  /** The next send answers this error (429 with retry_after, 403 blocked…), once each. */
  failSends: { error_code: number; description: string; retry_after?: number }[];
  /** The next call of `method` answers this error (e.g. deleteMessage's "message can't be deleted"), once each. */
  failCalls: { method: string; error_code: number; description: string }[];
  /** The webhook each token registered (setWebhook / deleteWebhook). */
  webhooks: Map<string, { url: string; secret_token?: string; allowed_updates?: string[] }>;
  /** token → updates waiting for getUpdates (an offset confirms, and drops, the ones before it). */
  updates: Map<string, { update_id: number }[]>;
  sends(): TelegramCall[];
  /** Resolves with the next call of `method` once it is answered (for tests that wait on a send). */
  next(method: string): Promise<TelegramCall>;
  close(): Promise<void>;
};

export const TG_JPEG = new Uint8Array([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0,
  16,
  74,
  70,
  73,
  70,
  0,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0xff,
  0xd9,
]);

export function startTelegramServer(): TelegramServer {
  const calls: TelegramCall[] = [];
  const bots = new Map<string, { id: number; first_name: string; username: string }>();
  const files = new Map<string, { path: string; bytes: Uint8Array }>();
  const webhooks = new Map<string, { url: string; secret_token?: string; allowed_updates?: string[] }>();
  const failSends: TelegramServer["failSends"] = [];
  const failCalls: TelegramServer["failCalls"] = [];
  const updates = new Map<string, { update_id: number }[]>();
  const waiters: { method: string; resolve: (c: TelegramCall) => void }[] = [];
  let messageId = 1000;
  const ok = (result: unknown) => Response.json({ ok: true, result });
  const fail = (error_code: number, description: string, parameters?: Record<string, unknown>) =>
    Response.json({ ok: false, error_code, description, ...(parameters ? { parameters } : {}) }, {
      status: error_code,
    });

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    const file = url.pathname.match(/^\/file\/bot([^/]+)\/(.+)$/);
    if (file) {
      if (!bots.has(decodeURIComponent(file[1]))) return new Response("Unauthorized", { status: 401 });
      const path = file[2].split("/").map(decodeURIComponent).join("/");
      const f = [...files.values()].find((x) => x.path === path);
      // Telegram's file server does not name a precise type.
      return f
        ? new Response(f.bytes as BlobPart, { headers: { "content-type": "application/octet-stream" } })
        : new Response("Not Found", { status: 404 });
    }
    const m = url.pathname.match(/^\/bot([^/]+)\/([A-Za-z]+)$/);
    if (!m) return fail(404, "Not Found");
    const token = decodeURIComponent(m[1]);
    const method = m[2];
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const up: TelegramCall["files"] = {};
    const type = req.headers.get("content-type") ?? "";
    if (type.startsWith("application/json")) Object.assign(params, await req.json());
    else if (type.startsWith("multipart/form-data")) {
      for (const [k, v] of await req.formData()) {
        if (v instanceof File) up[k] = { name: v.name, type: v.type, size: v.size };
        else {
          try {
            params[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
          } catch {
            params[k] = v;
          }
        }
      }
    }
    const call: TelegramCall = { token, method, params, files: up };
    calls.push(call);
    const res = answer(call);
    call.result = await res.clone().json().then((b) => b.result).catch(() => undefined);
    for (const w of [...waiters]) {
      if (w.method === method) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(call);
      }
    }
    return res;
  });

  function answer({ token, method, params }: TelegramCall): Response {
    const bot = bots.get(token);
    if (!bot) return fail(401, "Unauthorized");
    const failing = failCalls.findIndex((f) => f.method === method);
    if (failing >= 0) {
      const [f] = failCalls.splice(failing, 1);
      return fail(f.error_code, f.description);
    }
    switch (method) {
      case "getMe":
        return ok({ ...bot, is_bot: true, can_join_groups: true, can_read_all_group_messages: false });
      case "setWebhook":
        webhooks.set(token, params as { url: string });
        return ok(true);
      case "deleteWebhook":
        webhooks.delete(token);
        return ok(true);
      case "getWebhookInfo":
        return ok({ url: webhooks.get(token)?.url ?? "", pending_update_count: 0 });
      case "getUpdates": {
        if (webhooks.has(token)) {
          return fail(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        }
        const offset = Number(params.offset ?? 0);
        const left = (updates.get(token) ?? []).filter((u) => u.update_id >= offset);
        updates.set(token, left);
        return ok(left.slice(0, Number(params.limit ?? 100)));
      }
      case "answerCallbackQuery":
      case "sendChatAction":
      case "deleteMessage":
        return ok(true);
      case "editMessageText":
      case "editMessageCaption": {
        const chatId = Number(params.chat_id);
        return ok({
          message_id: Number(params.message_id),
          from: { ...bot, is_bot: true },
          chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private" },
          date: Math.floor(Date.now() / 1000),
          edit_date: Math.floor(Date.now() / 1000),
          ...(params.text ? { text: params.text } : {}),
          ...(params.caption ? { caption: params.caption } : {}),
        });
      }
      case "getFile": {
        const f = files.get(String(params.file_id));
        if (!f) return fail(400, "Bad Request: invalid file_id");
        return ok({
          file_id: params.file_id,
          file_unique_id: "u" + params.file_id,
          file_size: f.bytes.length,
          file_path: f.path,
        });
      }
    }
    if (method.startsWith("send")) {
      const f = failSends.shift();
      if (f) {
        return fail(
          f.error_code,
          f.description,
          f.retry_after ? { retry_after: f.retry_after } : undefined,
        );
      }
      const chatId = Number(params.chat_id);
      return ok({
        message_id: ++messageId,
        from: { ...bot, is_bot: true },
        chat: { id: chatId, type: chatId < 0 ? "supergroup" : "private" },
        date: Math.floor(Date.now() / 1000),
        ...(params.text ? { text: params.text } : {}),
        ...(params.caption ? { caption: params.caption } : {}),
        ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
      });
    }
    return fail(404, "Not Found: method not found");
  }

  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    bots,
    files,
    failSends,
    failCalls,
    webhooks,
    updates,
    sends: () => calls.filter((c) => c.method.startsWith("send") && c.method !== "sendChatAction"),
    next(method) {
      return new Promise((resolve) => waiters.push({ method, resolve }));
    },
    close: () => server.shutdown(),
  };
}
