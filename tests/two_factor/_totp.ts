/** Codes for a secret at a given time, computed with the same library a phone app's algorithm follows. */
import * as OTPAuth from "otpauth";

export function codeAt(secret: string, at: Date): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  })
    .generate({ timestamp: at.getTime() });
}
