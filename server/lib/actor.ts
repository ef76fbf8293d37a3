/**
 * The signed-in actor, the viewer snapshot a socket keeps and the ticket fields visibility depends
 * on. Down here, apart from the request context (context.ts re-exports them), so the hub, the caches,
 * the events and the ticket policy (tickets/policy.ts, which decides) share one shape without
 * importing the `Deps` type.
 */
import type { companies, plans, users } from "@db/schema.ts";
import type { TicketScope } from "@contract/tickets.ts";
import type { ApiKeyScope } from "@contract/api_keys.ts";

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
  /**
   * Set when an API key, not a person, makes the request (api_keys/key_auth.ts). Such an actor acts
   * as its company with no user: `userId` is then null at run time (typed number so the features a
   * key reaches stay as they are; nullable user columns get NULL, "by the API"), `user` is a
   * synthetic admin-profile row that is never super, and the key's scopes decide which routes it
   * reaches at all (api_keys/scopes.ts).
   */
  apiKey?: { id: number; name: string; scopes: readonly ApiKeyScope[] };
  /** The request's client address and user agent (per request; the audit log records them). */
  ip?: string;
  userAgent?: string;
};

/** What the server knows about a viewer; small and serialisable so sockets keep a snapshot. */
export type Viewer = {
  userId: number;
  profile: "admin" | "user";
  super: boolean;
  queueIds: number[];
  allTicket: "enabled" | "disabled";
  allowGroup: boolean;
  allUserChat: "enabled" | "disabled";
  allHistoric: "enabled" | "disabled";
};

/** The fields of a ticket that visibility depends on (part of the wire contract). */
export type { TicketScope };

/** Just the scope of a ticket row or DTO (what `ticket.updated`'s `before` carries). */
export const scopeOf = (t: TicketScope): TicketScope => ({
  queueId: t.queueId,
  userId: t.userId,
  isGroup: t.isGroup,
  status: t.status,
});

/** Whether a change moved the ticket: a new ticket (`before` null), or another status, queue, assignee or kind. */
export const scopeChanged = (before: TicketScope | null, t: TicketScope): boolean =>
  !before || before.status !== t.status || before.queueId !== t.queueId || before.userId !== t.userId ||
  before.isGroup !== t.isGroup;

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
