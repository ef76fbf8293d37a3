/** Two-factor login calls (server/two_factor/routes.ts). */
import { api } from "../../lib/api.ts";
import type { UserDTO as User } from "@contract/users.ts";

export type { LoginChallenge } from "../../lib/auth.tsx";
export type Enrolment = { secret: string; otpauthUrl: string; qrCode: string };
export type SessionAnswer = { token: string; user: User; recoveryCodes?: string[] };
export type TwoFactorStatus = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

/** The login's second step (public: no bearer yet). */
export const loginSetup = (challenge: string) =>
  api.post<Enrolment>("/auth/login/2fa/setup", { challenge }, { anonymous: true });
export const loginWithCode = (challenge: string, code: string) =>
  api.post<SessionAnswer>("/auth/login/2fa", { challenge, code: code.trim() }, { anonymous: true });

/** The signed-in user's own settings (profile dialog). */
export const twoFactorStatus = () => api.get<TwoFactorStatus>("/auth/2fa");
export const startEnrolment = () => api.post<Enrolment>("/auth/2fa/setup");
export const confirmEnrolment = (code: string) =>
  api.post<{ recoveryCodes: string[] }>("/auth/2fa/enable", { code: code.trim() });
export const disableTwoFactor = (code: string) => api.post<void>("/auth/2fa/disable", { code: code.trim() });
export const regenerateCodes = (code: string) =>
  api.post<{ recoveryCodes: string[] }>("/auth/2fa/recovery-codes", { code: code.trim() });
