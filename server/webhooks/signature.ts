/**
 * The signature every delivery carries, so a receiver knows the body is ours and fresh:
 *
 *   Atende-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>
 *
 * A receiver recomputes the HMAC over the raw body it got, compares in constant time, and refuses
 * a `t` more than REPLAY_WINDOW_S (5 minutes) away from its own clock (a replayed request).
 */
import { hmacSha256Hex, safeEqual } from "../lib/crypto.ts";
import { REPLAY_WINDOW_S } from "./schemas.ts";

export async function signatureHeader(secret: string, body: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

/** The receiver's side of the recipe (the docs' example and the tests' check). */
export async function verifySignature(
  secret: string,
  header: string,
  body: string,
  now: Date,
  windowS = REPLAY_WINDOW_S,
): Promise<boolean> {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || !parts.v1) return false;
  if (Math.abs(now.getTime() / 1000 - t) > windowS) return false;
  return safeEqual(parts.v1, await hmacSha256Hex(secret, `${t}.${body}`));
}
