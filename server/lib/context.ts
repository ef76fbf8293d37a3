/** The typed request context every route sees. */
import type { Deps } from "../deps.ts";
import type { Viewer } from "./viewer.ts";
import type { companies, plans, users } from "@db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** The signed-in user, resolved from the access token on every request. */
export type Actor = {
  userId: number;
  /** The tenant. It comes only from here (the session), never from a body, query or path. */
  companyId: number;
  sessionId: string;
  user: UserRow;
  company: CompanyRow;
  plan: PlanRow;
  queueIds: number[];
  viewer: Viewer;
  /** The request's client address and user agent (per request; the audit log records them). */
  ip?: string;
  userAgent?: string;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    actor: Actor;
    requestId: string;
  };
};

export function viewerOf(user: UserRow, queueIds: number[]): Viewer {
  return {
    userId: user.id,
    profile: user.profile,
    super: user.super,
    queueIds,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    allUserChat: user.allUserChat,
    allHistoric: user.allHistoric,
  };
}
