/**
 * Opening a session once every login step passed (the password, and the second factor when it
 * applies: two_factor/login.ts), and the user as login, refresh and /me answer it. Apart from
 * service.ts, which asks for the second factor, so that two_factor/ and auth/ do not import each
 * other.
 */
import { eq } from "drizzle-orm";
import { authSessions, companies } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { UserRow } from "../lib/context.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { companyKeys } from "../settings/registry.ts";
import { queuesOfUsers } from "../users/repo.ts";
import { toUserDTO, type UserDTO } from "../users/dto.ts";
import { newRefreshSecret, REFRESH_TTL_MS } from "../lib/tokens.ts";
import { announceRevoked, revokeOtherSessions } from "./sessions.ts";
import { audit } from "../audit/audit.ts";

export type SessionResult = { token: string; refreshToken?: string; user: UserDTO };

/** The user with company, plan and the company's settings, as login/refresh/me answer it. */
export async function sessionUser(deps: Deps, u: UserRow): Promise<UserDTO> {
  const { company, plan } = await getCompanyWithPlan(deps.db, u.companyId);
  const settings = await deps.caches.settings.getMany(u.companyId, companyKeys);
  const queues = (await queuesOfUsers(deps.db, u.companyId, [u.id])).get(u.id) ?? [];
  return await toUserDTO(deps.media, u, queues, { company, plan, settings });
}

/** Opens a session for a user who passed every login step (password, and the second factor if any). */
export async function openSession(
  deps: Deps,
  user: UserRow,
  meta: { ip: string; userAgent?: string },
): Promise<SessionResult> {
  const now = deps.clock.now().toISOString();
  const sessionId = crypto.randomUUID();
  const { secret, hash } = await newRefreshSecret();
  const revoked = await deps.database.write(async (tx) => {
    await tx.insert(authSessions).values({
      id: sessionId,
      companyId: user.companyId,
      userId: user.id,
      secretHash: hash,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      expiresAt: new Date(deps.clock.now().getTime() + REFRESH_TTL_MS).toISOString(),
    });
    await tx.update(companies).set({ lastLogin: now }).where(eq(companies.id, user.companyId));
    await audit(tx, {
      ...meta,
      companyId: user.companyId,
      userId: user.id,
      name: user.name,
      email: user.email,
    }, {
      action: "auth.login",
      entity: "user",
      entityId: user.id,
      summary: user.email,
    });
    return await revokeOtherSessions(tx, user.companyId, user.id, sessionId, "login_elsewhere", now);
  });
  announceRevoked(deps, {
    companyId: user.companyId,
    userId: user.id,
    sessionIds: revoked,
    reason: "login_elsewhere",
  });
  return {
    token: await deps.tokens.signAccess({
      userId: user.id,
      companyId: user.companyId,
      sessionId,
      profile: user.profile,
    }, deps.clock.now()),
    refreshToken: `${sessionId}.${secret}`,
    user: await sessionUser(deps, user),
  };
}
