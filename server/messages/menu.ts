/**
 * A bot's numbered menu (the queue menu, a chatbot level) as the channels that have choices send
 * it: the company's `chatBotType` list or button becomes a WhatsApp Cloud API `interactive` list
 * or reply buttons, Messenger/Instagram quick replies or a Telegram inline keyboard (keyboard.ts).
 * Each choice carries the option's id, which comes back with the customer's tap (`choice` of an
 * inbound message), so the bot picks the same option as if its number had been typed. Past a
 * provider's limits the menu goes as the numbered text, which is also what every channel without
 * choices (Baileys, webchat, api) sends and what the bubble shows.
 */

export type MenuOption = { id: string; title: string };

export type MenuData = {
  /** `chatBotType`: list or button (text never builds a menu). */
  style: "list" | "button";
  /** The greeting above the options (variables already rendered). */
  header: string;
  options: MenuOption[];
  /** Lines under the options: what can be typed instead ("# back", "Sair"). */
  footer: string[];
};

/** Cloud API limits (Meta, "Interactive reply buttons" / "Interactive list messages"). */
export const CLOUD_BUTTONS_MAX = 3;
export const CLOUD_BUTTON_TITLE_MAX = 20;
export const CLOUD_LIST_ROWS_MAX = 10;
export const CLOUD_ROW_TITLE_MAX = 24;
const CLOUD_ROW_DESCRIPTION_MAX = 72;
const CLOUD_BODY_MAX = 1024;
/** The list's button label (20 characters at most). */
export const CLOUD_LIST_BUTTON = "Ver opções";
/** Messenger and Instagram quick replies (Meta, "Quick replies"). */
export const QUICK_REPLIES_MAX = 13;
export const QUICK_REPLY_TITLE_MAX = 20;
const MESSENGER_TEXT_MAX = 2000;

/** One option line of a bot's text (`*[ 1 ]* - Vendas`): the key is what the customer types. */
export const optionLine = (key: string | number, label: string) => `*[ ${key} ]* - ${label}`;

const OPTION_LINE = /^\*\[ ([^\]\n]{1,20}) \]\* - (.+)$/gm;

/** The option lines `optionLine` wrote into a bot's text (queue menu, chatbot, LGPD, Typebot). */
export const optionLinesOf = (text: string): { key: string; label: string }[] =>
  [...text.matchAll(OPTION_LINE)].map(([, key, label]) => ({ key: key.trim(), label: label.trim() }));

/** The numbered text: the body stored, and what channels without choices send. */
export function menuText(m: MenuData): string {
  return [
    m.header.trim(),
    "",
    ...m.options.map((o, i) => optionLine(i + 1, o.title)),
    ...m.footer,
  ].join("\n").trim();
}

/** The text that goes with native choices: the greeting and what can still be typed. */
export function menuPrompt(m: MenuData): string {
  return [m.header.trim(), m.footer.join("\n")].filter(Boolean).join("\n\n") || "…";
}

/** Cut to `max` characters with an ellipsis. */
export const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

const distinct = (xs: string[]) => new Set(xs).size === xs.length;

/**
 * The Cloud API `interactive` object: reply buttons (≤3) or a one-section list (≤10 rows); null
 * past the limits or when cut titles would collide (the numbered text goes instead).
 */
export function cloudMenu(m: MenuData): Record<string, unknown> | null {
  const body = { text: menuPrompt(m).slice(0, CLOUD_BODY_MAX) };
  if (!m.options.length) return null;
  if (m.style === "button") {
    if (m.options.length > CLOUD_BUTTONS_MAX) return null;
    const titles = m.options.map((o) => clip(o.title, CLOUD_BUTTON_TITLE_MAX));
    if (!distinct(titles)) return null;
    return {
      type: "button",
      body,
      action: {
        buttons: m.options.map((o, i) => ({ type: "reply", reply: { id: o.id, title: titles[i] } })),
      },
    };
  }
  if (m.options.length > CLOUD_LIST_ROWS_MAX) return null;
  return {
    type: "list",
    body,
    action: {
      button: CLOUD_LIST_BUTTON,
      sections: [{
        rows: m.options.map((o) => {
          const title = clip(o.title, CLOUD_ROW_TITLE_MAX);
          // A name cut short is read whole in the row's description.
          return title === o.title
            ? { id: o.id, title }
            : { id: o.id, title, description: clip(o.title, CLOUD_ROW_DESCRIPTION_MAX) };
        }),
      }],
    },
  };
}

/** Messenger / Instagram `message` with quick replies (≤13); null past the limit. */
export function messengerMenu(m: MenuData): Record<string, unknown> | null {
  if (!m.options.length || m.options.length > QUICK_REPLIES_MAX) return null;
  const titles = m.options.map((o) => clip(o.title, QUICK_REPLY_TITLE_MAX));
  if (!distinct(titles)) return null;
  return {
    text: menuPrompt(m).slice(0, MESSENGER_TEXT_MAX),
    quick_replies: m.options.map((o, i) => ({ content_type: "text", title: titles[i], payload: o.id })),
  };
}

/**
 * The option a customer's answer names: the tapped choice's id when there is one, else the number
 * typed. A tap on a menu that is no longer the current one names nothing (the level is asked again).
 */
export function pickOption<T>(
  options: readonly T[],
  answer: { body: string; choice?: string },
  idOf: (o: T) => string,
): T | undefined {
  if (answer.choice) {
    const hit = options.find((o) => idOf(o) === answer.choice);
    if (hit) return hit;
    if (/^\d+$/.test(answer.choice)) return options[Number(answer.choice) - 1];
    return undefined;
  }
  return /^\d+$/.test(answer.body) ? options[Number(answer.body) - 1] : undefined;
}
