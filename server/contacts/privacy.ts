/**
 * LGPD number masking for contact records (spec 1 §6, spec 2 §6). With the company setting
 * lgpdHideNumber enabled, a user of profile `user` sees contact numbers masked except the last
 * two digits; admins see them in full, and group ids are never masked. The mask itself is
 * `maskNumber` of lib/lgpd.ts (shared with tickets); every contact response (lists, details, tag
 * members, exports, socket payloads) goes through the helpers below.
 */
import type { Db, Tx } from "@db/client.ts";
import type { Actor } from "../lib/context.ts";
import { maskNumber, shouldMask } from "../lib/lgpd.ts";
import { readSetting } from "../settings/repo.ts";

export type Maskable = { number: string; isGroup?: boolean | null; remoteJid?: string | null };

/** Applies the mask (or not) to anything shaped like a contact. */
export type NumberMask = <T extends Maskable>(contact: T) => T;

const identity: NumberMask = (c) => c;

const mask: NumberMask = (c) => {
  if (c.isGroup) return c;
  const out = { ...c, number: maskNumber(c.number) };
  // The JID carries the number too.
  if ("remoteJid" in c) out.remoteJid = null;
  return out;
};

/** True when this viewer must see masked numbers (a profile user while lgpdHideNumber is on). */
export async function hidesNumbersFrom(db: Db | Tx, actor: Actor): Promise<boolean> {
  return shouldMask(actor.user.profile, await readSetting(db, actor.companyId, "lgpdHideNumber"));
}

export const maskWhen = (hide: boolean): NumberMask => hide ? mask : identity;

/** The mask for this viewer: identity for admins or when the company does not hide numbers. */
export async function numberMaskFor(db: Db | Tx, actor: Actor): Promise<NumberMask> {
  return maskWhen(await hidesNumbersFrom(db, actor));
}

/** True when the value came back from a masked response (the client resent what it was shown). */
export const isMaskedValue = (number: string) => number.includes("*");
