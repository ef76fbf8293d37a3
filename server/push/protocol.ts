/**
 * The Web Push protocol with WebCrypto, no library: a VAPID-signed request (RFC 8292) carrying a
 * payload encrypted for one browser with aes128gcm (RFC 8291 / RFC 8188), plus the headers of
 * RFC 8030 (TTL, Topic, Urgency). Written here because the npm clients send with node's https (past
 * our fetch guard) and the tests' push service needs the same primitives to decrypt.
 */
import { base64Url } from "../lib/base64.ts";

const enc = new TextEncoder();

export function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const toBase64Url = (bytes: Uint8Array) => base64Url(bytes);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

/** The VAPID key pair: public as the raw uncompressed point (base64url), private as a JWK. */
export type VapidKeys = { publicKey: string; privateJwk: JsonWebKey; subject: string };

export async function generateVapidKeys(subject: string): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    publicKey: toBase64Url(raw),
    privateJwk: await crypto.subtle.exportKey("jwk", pair.privateKey),
    subject,
  };
}

/** The private key from its base64url `d` and the public point (how VAPID_PRIVATE_KEY is usually given). */
export function vapidJwk(publicKey: string, privateKey: string): JsonWebKey {
  const pub = fromBase64Url(publicKey);
  if (pub.length !== 65 || pub[0] !== 4) {
    throw new Error("VAPID public key: an uncompressed P-256 point expected");
  }
  return {
    kty: "EC",
    crv: "P-256",
    x: toBase64Url(pub.slice(1, 33)),
    y: toBase64Url(pub.slice(33, 65)),
    d: privateKey,
    ext: true,
  };
}

const signingKeys = new WeakMap<JsonWebKey, Promise<CryptoKey>>();

/** `Authorization: vapid t=<JWT>, k=<public key>` for the endpoint's origin, valid 12 hours. */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now: Date): Promise<string> {
  let key = signingKeys.get(keys.privateJwk);
  if (!key) {
    key = crypto.subtle.importKey("jwk", keys.privateJwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
    ]);
    signingKeys.set(keys.privateJwk, key);
  }
  const header = toBase64Url(enc.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = toBase64Url(enc.encode(JSON.stringify({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now.getTime() / 1000) + 12 * 3600,
    sub: keys.subject,
  })));
  const input = `${header}.${claims}`;
  // WebCrypto's ECDSA signature is r||s (IEEE P1363), exactly what JWS ES256 wants.
  const sig = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, await key, enc.encode(input)),
  );
  return `vapid t=${input}.${toBase64Url(sig)}, k=${keys.publicKey}`;
}

/** RFC 8291: `plaintext` encrypted for the browser's key (p256dh) and auth secret, one aes128gcm record. */
export async function encryptPayload(
  plaintext: Uint8Array<ArrayBuffer>,
  sub: { p256dh: string; auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64Url(sub.p256dh);
  const authSecret = fromBase64Url(sub.auth);
  const local = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const asPublic = new Uint8Array(await crypto.subtle.exportKey("raw", local.publicKey));
  const uaKey = await crypto.subtle.importKey(
    "raw",
    uaPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdh = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, local.privateKey, 256),
  );
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { cek, nonce } = await contentKeys(ecdh, authSecret, uaPublic, asPublic, salt);
  const record = concat(plaintext, new Uint8Array([2])); // 0x02: the last (and only) record
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aes, record));
  const rs = new Uint8Array(4);
  new DataView(rs.buffer).setUint32(0, 4096);
  return concat(salt, rs, new Uint8Array([asPublic.length]), asPublic, sealed);
}

/** The key schedule both sides run (RFC 8291 §3.4 and RFC 8188 §2.2). */
export async function contentKeys(
  ecdh: Uint8Array<ArrayBuffer>,
  authSecret: Uint8Array<ArrayBuffer>,
  uaPublic: Uint8Array<ArrayBuffer>,
  asPublic: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
) {
  const keyInfo = concat(enc.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdh, keyInfo, 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  return { cek, nonce };
}

/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
export function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 32);
}
