/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) through `otpauth`, and recovery codes.
 * A code is accepted in the step before, at, or after the server's (clock drift), and only if its
 * step is later than the last one accepted for the user, so a code is never accepted twice.
 */
import * as OTPAuth from "otpauth";
import { randomString, sha256Hex } from "../lib/crypto.ts";

export const PERIOD = 30;
const ISSUER = "Atende";

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "") {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** What the enrolment screen shows: the key, the otpauth:// URI and that URI as a QR image. */
export async function enrolmentView(secret: string, email: string, issuer = ISSUER) {
  const t = totp(secret, email);
  t.issuer = issuer;
  const otpauthUrl = t.toString();
  // qrcode is loaded with the first enrolment: most processes never show one.
  const { default: QRCode } = await import("qrcode");
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** The step a valid code belongs to, or null. */
export function matchStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

const RC_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODES = 10;

/** Ten codes like `k3n9p-x7q2m` (≈ 49 bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const s = randomString(10, RC_ALPHABET);
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export const hashRecoveryCode = (code: string) => sha256Hex(code.trim().toLowerCase().replace(/[\s-]/g, ""));
