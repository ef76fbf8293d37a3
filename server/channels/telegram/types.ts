/** The Bot API objects Atende reads (https://core.telegram.org/bots/api#update), as far as it reads them. */
import type { TgUser } from "./bot_api.ts";

export type TgChat = { id: number; type: string; title?: string; first_name?: string; last_name?: string };
export type TgFile = {
  file_id: string;
  file_unique_id?: string;
  file_size?: number;
  mime_type?: string;
  file_name?: string;
};
export type TgMessage = {
  message_id: number;
  from?: TgUser;
  sender_chat?: TgChat;
  chat: TgChat;
  date?: number;
  text?: string;
  caption?: string;
  photo?: TgFile[];
  document?: TgFile;
  audio?: TgFile & { title?: string; performer?: string };
  voice?: TgFile;
  video?: TgFile;
  video_note?: TgFile;
  animation?: TgFile;
  sticker?: TgFile & { emoji?: string; is_animated?: boolean; is_video?: boolean };
  location?: { latitude: number; longitude: number };
  venue?: { location: { latitude: number; longitude: number }; title?: string; address?: string };
  contact?: {
    phone_number: string;
    first_name?: string;
    last_name?: string;
    user_id?: number;
    vcard?: string;
  };
  reply_to_message?: { message_id: number };
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string }[][] };
};
/** A change of a user's reactions to a message (Bot API MessageReactionUpdated). */
export type TgReaction = {
  chat: TgChat;
  message_id: number;
  user?: TgUser;
  date?: number;
  new_reaction?: { type: string; emoji?: string }[];
};
/** A tap on an inline keyboard button of one of our messages. */
export type TgCallback = { id: string; from: TgUser; message?: TgMessage; data?: string };
export type TgUpdate = {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
  channel_post?: TgMessage;
  callback_query?: TgCallback;
  message_reaction?: TgReaction;
};
