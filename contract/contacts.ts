/** The contact on the wire (spec 1 §5 contacts): its columns, tags and extra fields. */
import type { ChannelKind } from "./common.ts";

/** A tag as a contact carries it (with its kanban lane flag). */
export type ContactTagRef = { id: number; name: string; color: string; kanban: number };

/** A named extra field of a contact; `id` is absent on one not saved yet. */
export type ExtraInfo = { id: number; name: string; value: string };

export type ContactDTO = {
  id: number;
  companyId: number;
  name: string;
  number: string;
  email: string | null;
  /** false = blocked. */
  active: boolean;
  acceptAudioMessage: boolean;
  disableBot: boolean;
  lgpdAcceptedAt: string | null;
  urlPicture: string | null;
  channel: ChannelKind;
  isGroup: boolean;
  /** The connection the contact first wrote to. */
  whatsappId: number | null;
  remoteJid: string | null;
  lid: string | null;
  /** Wallet owner: new tickets open assigned to this user. */
  walletUserId: number | null;
  profilePicUpdatedAt: string | null;
  /** When the channel said the contact cannot be reached (Telegram: the bot was blocked); null once they write again. */
  unreachableAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: ContactTagRef[];
  extraInfo: ExtraInfo[];
};
