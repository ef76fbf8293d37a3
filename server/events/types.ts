/**
 * Domain events. Services emit them after their transaction commits; `listeners.ts` is the one
 * place that wires them to the socket fan-out and other subscribers. Every payload names its
 * company.
 */
import type { UserDTO } from "../users/dto.ts";

export type EventMap = {
  "user.created": { companyId: number; user: UserDTO };
  "user.updated": { companyId: number; user: UserDTO };
  "user.deleted": { companyId: number; userId: number };
  "user.presence": { companyId: number; user: UserDTO };
  /** Sessions ended by a login elsewhere, a logout or a deletion. */
  "auth.sessions_revoked": {
    companyId: number;
    userId: number;
    sessionIds: string[];
    reason: "login_elsewhere" | "logout" | "user_deleted" | "password_reset" | "token_reuse";
  };
  "settings.updated": { companyId: number; key: string; value: string };
};

export type EventName = keyof EventMap;
