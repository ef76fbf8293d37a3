/** The updates Atende asks Telegram for (setWebhook and getUpdates): what inbound.ts reads. */
export const ALLOWED_UPDATES = ["message", "edited_message", "callback_query", "message_reaction"];
