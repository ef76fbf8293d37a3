/** Signup (spec 3: a company on a 15-day trial of plan 1) and password reset by e-mailed code. */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { companies, passwordResets, users } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError, isUniqueViolation } from "../lib/errors.ts";
import { RateLimiter } from "../lib/rate_limit.ts";
import { hashPassword, randomString, safeEqual, sha256Hex } from "../lib/crypto.ts";
import { addDays, todayIn } from "../lib/time.ts";
import { writeSettings } from "../settings/repo.ts";
import { companyDefaults, PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { unscopedFindUserByEmail } from "../users/repo.ts";
import { announceRevoked, revokeOtherSessions } from "./sessions.ts";
import { invalidate } from "../caches.ts";
import type { SignupInput } from "./schemas.ts";

export const TRIAL_DAYS = 15;
export const TRIAL_PLAN_ID = 1;
const DEFAULT_TZ = "America/Sao_Paulo";
const RESET_TTL_MS = 30 * 60_000;
const RESET_MAX_ATTEMPTS = 5;
/** Reset requests per address and window, known address or not. */
const RESET_REQUESTS = 3;
const RESET_WINDOW_MS = 15 * 60_000;

export async function signup(deps: Deps, input: SignupInput): Promise<{ companyId: number; userId: number }> {
  // userCreation (the reference's switch) and allowSignup (the white-label page's) both close it.
  for (const key of ["userCreation", "allowSignup"] as const) {
    if ((await deps.caches.settings.get(PLATFORM_COMPANY_ID, key)) === "disabled") {
      throw new AppError("ERR_USER_CREATION_DISABLED");
    }
  }
  const passwordHash = await hashPassword(input.password);
  const dueDate = addDays(todayIn(deps.clock.now(), DEFAULT_TZ), TRIAL_DAYS);
  const result = await deps.database.write(async (tx) => {
    const [company] = await tx.insert(companies).values({
      name: input.companyName,
      email: input.email,
      phone: input.phone,
      planId: TRIAL_PLAN_ID,
      dueDate,
      recurrence: "MENSAL",
      timezone: DEFAULT_TZ,
    }).returning();
    await writeSettings(tx, company.id, companyDefaults());
    const [user] = await tx.insert(users).values({
      companyId: company.id,
      name: input.name,
      email: input.email,
      passwordHash,
      profile: "admin",
    }).returning();
    return { companyId: company.id, userId: user.id };
  }).catch((err) => {
    if (isUniqueViolation(err, "users.email")) throw new AppError("ERR_EMAIL_IN_USE");
    if (isUniqueViolation(err, "companies.name")) {
      throw new AppError("ERR_CONFLICT", { details: { field: "companyName" } });
    }
    throw err;
  });
  // A new company id: nothing should be cached for it, unless a reused id left something behind.
  invalidate(deps, { kind: "company", companyId: result.companyId });
  await deps.mailer.send({
    to: input.email,
    subject: "Bem-vindo ao Atende",
    text: `Olá ${input.name},\n\nA empresa ${input.companyName} foi criada com ${TRIAL_DAYS} dias de teste ` +
      `(até ${dueDate}).\nEntre em ${deps.config.publicUrl}/login com o seu e-mail.\n`,
  }).catch((err) => console.error("[mail] welcome mail failed", err));
  return result;
}

/** Sends a reset code. 404 ERR_NOT_FOUND for an unknown e-mail (the spec's screen relies on it). */
/**
 * Mails a reset code. The answer is the same for a known and an unknown address (no account
 * oracle): the rate limit counts per address whether or not it has an account, and a mail that
 * fails is logged, not answered.
 */
export async function forgotPassword(deps: Deps, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const limiter = new RateLimiter(deps.database, RESET_REQUESTS, RESET_WINDOW_MS, () => deps.clock.now());
  if (await limiter.hit(`reset:${email}`)) throw new AppError("ERR_RATE_LIMITED");
  const user = await unscopedFindUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const code = randomString(8, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789");
  const codeHash = await sha256Hex(code);
  await deps.database.write((tx) =>
    tx.insert(passwordResets).values({
      userId: user.id,
      codeHash,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    }).then(() => undefined)
  );
  await deps.mailer.send({
    to: user.email,
    subject: "Atende: código para redefinir a senha",
    text: `Seu código: ${code}\n\nEle vale 30 minutos. Se não foi você, ignore este e-mail.\n`,
  }).catch((err) => console.error("[mail] password reset mail failed", err));
}

export async function resetPassword(
  deps: Deps,
  input: { email: string; token: string; newPassword: string },
): Promise<void> {
  const user = await unscopedFindUserByEmail(deps.db, input.email.trim().toLowerCase());
  if (!user) throw new AppError("ERR_INVALID_RESET_CODE");
  const now = deps.clock.now().toISOString();
  const [reset] = await deps.db.select().from(passwordResets).where(and(
    eq(passwordResets.userId, user.id),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  )).orderBy(desc(passwordResets.id)).limit(1);
  if (!reset || reset.attempts >= RESET_MAX_ATTEMPTS) throw new AppError("ERR_INVALID_RESET_CODE");
  if (!safeEqual(await sha256Hex(input.token.trim().toUpperCase()), reset.codeHash)) {
    await deps.database.write((tx) =>
      tx.update(passwordResets).set({ attempts: reset.attempts + 1 }).where(eq(passwordResets.id, reset.id))
    );
    throw new AppError("ERR_INVALID_RESET_CODE");
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await deps.database.write(async (tx) => {
    await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, reset.id));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    return await revokeOtherSessions(tx, user.companyId, user.id, null, "password_reset", now);
  });
  announceRevoked(deps, {
    companyId: user.companyId,
    userId: user.id,
    sessionIds: revoked,
    reason: "password_reset",
  });
}
