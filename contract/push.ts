/**
 * Web Push on the wire: the server's VAPID key, a browser's subscription as the web app posts it,
 * the user's quiet hours, and the payload the service worker shows (written once for both sides).
 */
import { z } from "zod";

export const PUSH_LANGUAGES = ["pt", "es", "en", "tr"] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** GET /api/push/key: the application server key (base64url, uncompressed P-256 point). */
export type PushKeyDTO = { publicKey: string };

const b64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/).max(200);

/** POST /api/push/subscriptions: PushSubscription.toJSON() plus the device's language. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({ p256dh: b64url, auth: b64url }),
  lang: z.enum(PUSH_LANGUAGES).default("pt"),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

/** DELETE /api/push/subscriptions: the endpoint this device stops receiving on. */
export const pushUnsubscribeInput = z.object({ endpoint: z.url().max(1000) });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** GET/PUT /api/push/prefs: quiet hours in the user's zone; both null = none. */
export const pushPrefsInput = z.object({
  quietStart: hhmm.nullable(),
  quietEnd: hhmm.nullable(),
}).refine((v) => (v.quietStart === null) === (v.quietEnd === null), {
  message: "quietStart and quietEnd go together",
});
export type PushPrefsDTO = z.infer<typeof pushPrefsInput>;

/** What the service worker receives (decrypted) and shows. */
export type PushPayload = {
  kind: "waiting" | "message" | "transfer" | "chat" | "mention";
  title: string;
  body: string;
  /** One notification per tag: a ticket's or a chat's burst updates it. */
  tag: string;
  /** Where a tap goes (/tickets/<uuid>, /chats/<uuid>). */
  url: string;
  ticketId?: number;
  chatId?: number;
};
