/** The Telegram channel's public shapes: the bot a connection speaks as (shown in the Connections screen). */

/** What getMe told us when the token was saved. `username` gives the t.me link. */
export type TelegramBot = { id: number; username: string; name: string };

/** The bot's public link. */
export const telegramLink = (bot: Pick<TelegramBot, "username">) => `https://t.me/${bot.username}`;
