/**
 * The composer's buttons dialog (messages/rich.ts) as Telegram inline keyboards: a list's rows as
 * callback buttons (one per row), a link as a URL button, a copy or PIX key as a copy-text button.
 * A phone call has no inline button (Telegram buttons open only http(s) and tg: links): its text
 * goes. A tapped callback button comes back as a `callback_query` (inbound.ts), stored as the
 * customer's message with the button's own text. A bot's menu (chatBotType list or button) is one
 * callback button per option whose data is the option's id, handed to the bot as the choice.
 */
import type { RichContent } from "../../messages/rich.ts";
import { menuPrompt, optionLinesOf } from "../../messages/menu.ts";

type Button = { text: string; callback_data?: string; url?: string; copy_text?: { text: string } };

/** Telegram allows 1–64 bytes of callback_data. */
const callbackData = (v: string) => {
  const bytes = new TextEncoder().encode(v);
  return bytes.length <= 64 ? v : new TextDecoder().decode(bytes.slice(0, 60)).replace(/\uFFFD+$/, "");
};

/** The message text and its keyboard, or null when the content has no Telegram buttons. */
export function inlineKeyboard(
  r: RichContent,
): { text: string; reply_markup: { inline_keyboard: Button[][] } } | null {
  const head = (title: string, body: string) => [title, body].filter((s) => s.trim()).join("\n\n");
  switch (r.kind) {
    case "lista": {
      const rows = r.data.sections.flatMap((s) => s.rows);
      const foot = r.data.footer ? `\n\n${r.data.footer}` : "";
      return {
        text: head(r.data.title, r.data.text) + foot,
        reply_markup: {
          inline_keyboard: rows.map((
            row,
          ) => [{ text: row.title, callback_data: callbackData(String(row.id ?? row.title)) }]),
        },
      };
    }
    case "menu":
      return {
        text: menuPrompt(r.data),
        reply_markup: {
          inline_keyboard: r.data.options.map((o) => [{ text: o.title, callback_data: callbackData(o.id) }]),
        },
      };
    case "URL":
      return {
        text: head(r.data.title, r.data.description) || r.data.url,
        reply_markup: {
          inline_keyboard: [[{ text: r.data.buttonText || r.data.url.slice(0, 40), url: r.data.url }]],
        },
      };
    case "copy":
      return {
        text: head(r.data.title, r.data.description) || r.data.copyText,
        reply_markup: {
          inline_keyboard: [[{
            text: r.data.buttonText || "Copy",
            copy_text: { text: r.data.copyText.slice(0, 256) },
          }]],
        },
      };
    case "PIX": {
      const value = r.data.sendvalue.toFixed(2).replace(".", ",");
      return {
        text: `${r.data.title || "PIX"}\n${r.data.sendmerchant_name}\nR$ ${value}\n${r.data.sendKey}`,
        reply_markup: {
          inline_keyboard: [[{ text: `PIX ${r.data.sendkey_type}`, copy_text: { text: r.data.sendKey } }]],
        },
      };
    }
    default:
      return null;
  }
}

/** A menu button's callback_data: the answer the customer would type, after this prefix. */
const ANSWER = "opt:";

/**
 * A bot's menu (its option lines) with one callback button per option, so the customer taps
 * instead of typing the digit; the tap comes back as the option's key, exactly what typing would
 * send, so the automation steps read it unchanged. Null when the text has no option lines.
 */
export function menuKeyboard(text: string): { inline_keyboard: Button[][] } | null {
  const options = optionLinesOf(text);
  if (!options.length) return null;
  return {
    inline_keyboard: options.map(({ key, label }) => [{
      text: label.slice(0, 64),
      callback_data: callbackData(ANSWER + key),
    }]),
  };
}

/**
 * The choice a tap names for the bot: a menu button's data is the typed answer (no choice: the
 * body decides, as typing would); a bot menu's option id (chatBotType list/button) is the choice.
 */
export const tappedChoice = (data: string | undefined) => data?.startsWith(ANSWER) ? undefined : data;

/** The text of the button a callback_query names, from the keyboard of the message it came from. */
export function tappedText(
  markup: { inline_keyboard?: Button[][] } | undefined,
  data: string | undefined,
): string | undefined {
  if (data === undefined) return undefined;
  if (data.startsWith(ANSWER)) return data.slice(ANSWER.length);
  for (const row of markup?.inline_keyboard ?? []) {
    for (const b of row) if (b.callback_data === data) return b.text;
  }
  return data;
}
