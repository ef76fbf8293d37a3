/** Access tokens (15-minute JWT, HS256) and opaque refresh tokens. */
import { errors, jwtVerify, SignJWT } from "jose";
import { deriveKey, randomString, sha256Hex } from "../lib/crypto.ts";
import { AppError } from "../lib/errors.ts";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 7 * 24 * 3600_000;

export type AccessClaims = { userId: number; companyId: number; sessionId: string; profile: string };

/**
 * `now` is the app's clock (deps.clock): issue and expiry are measured against it, not jose's
 * wall clock, so the 15-minute expiry follows the same time as sessions, hours and due dates.
 */
export type Tokens = {
  signAccess(c: AccessClaims, now?: Date): Promise<string>;
  /** Throws ERR_SESSION_EXPIRED (403, refresh) when expired, ERR_UNAUTHENTICATED (401) when invalid. */
  verifyAccess(token: string, now?: Date): Promise<AccessClaims>;
};

export async function createTokens(appSecret: string): Promise<Tokens> {
  const key = await deriveKey(appSecret, "access-jwt");
  return {
    signAccess: (c, now = new Date()) => {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ cid: c.companyId, sid: c.sessionId, profile: c.profile })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(c.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TTL_SECONDS)
        .sign(key);
    },
    async verifyAccess(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: now });
        return {
          userId: Number(payload.sub),
          companyId: Number(payload.cid),
          sessionId: String(payload.sid),
          profile: String(payload.profile),
        };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new AppError("ERR_SESSION_EXPIRED");
        throw new AppError("ERR_UNAUTHENTICATED");
      }
    },
  };
}

/** A refresh token is `${sessionId}.${secret}`; the database keeps only sha256(secret). */
export async function newRefreshSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomString(43);
  return { secret, hash: await sha256Hex(secret) };
}

export function parseRefreshToken(raw: string | undefined): { sessionId: string; secret: string } | null {
  if (!raw) return null;
  const dot = raw.indexOf(".");
  if (dot < 1) return null;
  return { sessionId: raw.slice(0, dot), secret: raw.slice(dot + 1) };
}
