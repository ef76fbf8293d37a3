/**
 * Saving a Telegram connection: the BotFather token is checked with getMe before anything is
 * stored (a refused token is a validation error on `telegramToken`), then sealed at rest with a
 * fresh random webhook `secret_token` (sealed too). The bot's id, username and name are kept in
 * the clear for the Connections screen (name and t.me link). Registering the webhook is the
 * adapter's `connect` (adapter.ts), run by the connections service after the row is written.
 */
import type { Deps } from "../../deps.ts";
import type { TelegramBot } from "@contract/telegram.ts";
import { AppError } from "../../lib/errors.ts";
import { randomString } from "../../lib/crypto.ts";
import { botCall, type TgMe } from "./bot_api.ts";

/** BotFather tokens: `<bot id>:<35 characters>`. */
export const TOKEN_RE = /^\d{3,20}:[A-Za-z0-9_-]{30,60}$/;

/** The characters Telegram allows in a secret_token (1–256 of A-Z a-z 0-9 _ -). */
const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A refused token, with the reason's code the web app translates (errors:issues.<code>). */
const badToken = (code: string, message: string) =>
  new AppError("ERR_VALIDATION", { details: [{ path: "telegramToken", code, message }] });

/** Asks Telegram who the token belongs to. */
export async function checkToken(deps: Deps, token: string): Promise<TelegramBot> {
  if (!TOKEN_RE.test(token)) throw badToken("telegram_token_shape", "not a BotFather token");
  const me = await botCall<TgMe>(deps, token, "getMe", {}, "ERR_VALIDATION").catch((err) => {
    throw badToken("telegram_token_refused", `Telegram refused the token: ${(err as Error).message}`);
  });
  if (!me?.id || !me.username) throw badToken("telegram_token_refused", "Telegram answered without a bot");
  const name = [me.first_name, me.last_name].filter(Boolean).join(" ") || me.username;
  return { id: me.id, username: me.username, name };
}

type TelegramInput = { telegramToken?: string | null };
type TelegramOut = { telegramToken?: string; telegramSecret?: string; telegramBot?: TelegramBot };

/**
 * The Telegram columns a create/update writes: nothing for other channels (the field is dropped),
 * nothing when no new token came, and a new token checked, sealed, with a new secret.
 */
export async function telegramFields<T extends TelegramInput>(
  deps: Deps,
  channel: string,
  input: T,
  creating: boolean,
): Promise<Omit<T, "telegramToken"> & TelegramOut> {
  const { telegramToken, ...rest } = input;
  if (channel !== "telegram") return rest;
  if (!telegramToken) {
    if (creating) throw badToken("telegram_token_shape", "required");
    return rest;
  }
  const bot = await checkToken(deps, telegramToken.trim());
  return {
    ...rest,
    telegramToken: await deps.secrets.seal(telegramToken.trim()),
    telegramSecret: await deps.secrets.seal(randomString(48, SECRET_ALPHABET)),
    telegramBot: bot,
  };
}
