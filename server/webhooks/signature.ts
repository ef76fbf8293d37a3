/**
 * The signature every delivery carries, so a receiver knows the body is ours and fresh:
 *
 *   Atende-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>
 *
 * A receiver recomputes the HMAC over the raw body it got, compares in constant time, and refuses
 * a `t` more than REPLAY_WINDOW_S (5 minutes) away from its own clock (a replayed request).
 *
 * During a secret rotation's overlap the header carries one `v1` per secret (new first, then the
 * former: `t=…,v1=<new>,v1=<old>`); a receiver accepts the request when any `v1` matches its secret,
 * so one still holding the former secret and one already holding the new both verify.
 */
import { hmacSha256Hex, safeEqual } from "../lib/crypto.ts";
import { REPLAY_WINDOW_S } from "./schemas.ts";

export async function signatureHeader(secrets: string | string[], body: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  const macs = await Promise.all([secrets].flat().map((s) => hmacSha256Hex(s, `${t}.${body}`)));
  return [`t=${t}`, ...macs.map((m) => `v1=${m}`)].join(",");
}

/** The receiver's side of the recipe (the docs' example and the tests' check). */
export async function verifySignature(
  secret: string,
  header: string,
  body: string,
  now: Date,
  windowS = REPLAY_WINDOW_S,
): Promise<boolean> {
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string?]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const v1s = parts.filter(([k, v]) => k === "v1" && v).map(([, v]) => v!);
  if (!Number.isFinite(t) || !v1s.length) return false;
  if (Math.abs(now.getTime() / 1000 - t) > windowS) return false;
  const expected = await hmacSha256Hex(secret, `${t}.${body}`);
  return v1s.some((v) => safeEqual(v, expected));
}
