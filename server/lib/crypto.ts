/** Passwords, random tokens, hashes and encryption of secrets at rest. */
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { decodeBase64, encodeBase64 } from "./base64.ts";

const te = new TextEncoder();
const td = new TextDecoder();

/** argon2id with the OWASP settings (19 MiB, t=2, p=1); runs off the main thread. */
export const hashPassword = (pw: string) => argonHash(pw, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
export const verifyPassword = (stored: string, pw: string) => argonVerify(stored, pw).catch(() => false);

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Random string from an alphabet without modulo bias. */
export function randomString(length: number, alphabet = ALNUM): string {
  const out: string[] = [];
  const max = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < max && out.length < length) out.push(alphabet[b % alphabet.length]);
    }
  }
  return out.join("");
}

export async function sha256Hex(input: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", te.encode(input));
  return toHex(new Uint8Array(d));
}

export async function hmacSha256Hex(key: string, data: string | Uint8Array): Promise<string> {
  const k = await crypto.subtle.importKey("raw", te.encode(key), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const bytes = typeof data === "string" ? te.encode(data) : data;
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", k, bytes as BufferSource)));
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = te.encode(a), y = te.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/** Derives purpose-bound keys from APP_SECRET (HKDF), so one leaked key does not open the others. */
export async function deriveKey(appSecret: string, purpose: string): Promise<Uint8Array> {
  const base = await crypto.subtle.importKey("raw", te.encode(appSecret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: te.encode("atende"), info: te.encode(purpose) },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** AES-256-GCM for tenant and operator secrets. Format: `enc:v1:<base64(iv|ciphertext)>`. */
export class SecretBox {
  private constructor(private key: CryptoKey) {}
  static async create(appSecret: string) {
    const raw = await deriveKey(appSecret, "secrets-at-rest");
    return new SecretBox(
      await crypto.subtle.importKey("raw", raw as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]),
    );
  }
  static isSealed(v: string | null | undefined): boolean {
    return !!v && v.startsWith("enc:v1:");
  }
  async seal(plain: string): Promise<string> {
    if (!plain) return "";
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(
      await crypto.subtle.encrypt({ name: "AES-GCM", iv }, this.key, te.encode(plain)),
    );
    const buf = new Uint8Array(iv.length + ct.length);
    buf.set(iv);
    buf.set(ct, iv.length);
    return "enc:v1:" + encodeBase64(buf);
  }
  async open(sealed: string): Promise<string> {
    if (!SecretBox.isSealed(sealed)) return sealed;
    const buf = decodeBase64(sealed.slice(7));
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: buf.slice(0, 12) },
      this.key,
      buf.slice(12),
    );
    return td.decode(pt);
  }
}

/** What the API shows of a secret: never the value, only that one is set and its last 4 chars. */
export function maskSecret(plain: string): string {
  if (!plain) return "";
  return "••••" + (plain.length > 8 ? plain.slice(-4) : "");
}
