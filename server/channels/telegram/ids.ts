/**
 * How Telegram chats and messages are named in Atende. A Telegram message id is unique only within
 * its chat (and bot), so our provider id is `tg:<bot id>:<chat id>:<message id>`: deterministic, so a
 * redelivered update (same update_id, same message) is stored once by the pipeline's dedupe. A
 * contact's number is `tg-<user id>` and a group's `tg-<chat id>` (negative for groups), so a
 * Telegram id can never collide with a phone number of the same digits.
 */
export const wid = (botId: number, chatId: number | string, messageId: number | string) =>
  `tg:${botId}:${chatId}:${messageId}`;

/** The Telegram message id of one of our provider ids in that chat, or null. */
export function messageIdIn(externalId: string | null | undefined, chatId: string): number | null {
  const m = externalId?.match(/^tg:\d+:(-?\d+):(\d+)$/);
  return m && m[1] === chatId ? Number(m[2]) : null;
}

export const chatNumber = (id: number | string) => `tg-${id}`;

/** The chat id a contact's number names (`tg-123` → "123"); the number itself when unprefixed. */
export const chatIdOf = (number: string) => number.replace(/^tg-/, "");
