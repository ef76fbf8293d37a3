/** Small shapes several areas of the contract share. */

/** The spec's "enabled"/"disabled" flags: the wire value is the stored value. */
export type Toggle = "enabled" | "disabled";

/** A tag as a ticket or a contact carries it. */
export type TagRef = { id: number; name: string; color: string };

/** A queue as a user or a ticket carries it. */
export type QueueRef = { id: number; name: string; color: string };

/** The channel kinds of a connection (DESIGN §7). */
export const CHANNEL_KINDS = [
  "whatsapp",
  "whatsappapi",
  "facebook",
  "instagram",
  "api",
  "webchat",
  "telegram",
  "email",
] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The list answer of the paged endpoints: `{<records>: T[], count, hasMore}`. */
export type Paged<K extends string, T> = { [P in K]: T[] } & { count: number; hasMore: boolean };
