/**
 * What the hub publishes: an envelope and its audience. Apart from hub.ts so that the broker that
 * carries envelopes between instances and the hub that delivers them do not import each other.
 */
import type { TicketScope, Viewer } from "../lib/actor.ts";

/** Who an envelope is for. Serialisable so it can cross Redis. */
export type Audience =
  | { kind: "company" }
  | { kind: "admins" }
  | { kind: "profile"; profile: "admin" | "user" }
  | { kind: "users"; userIds: number[] }
  | { kind: "sessions"; sessionIds: string[] }
  /** Viewers allowed to see the ticket; `only` narrows to one profile (LGPD-masked copies). */
  | { kind: "ticket"; ticket: TicketScope & { id: number }; only?: "admin" | "user" }
  | { kind: "room"; room: string };

export type Envelope = {
  /** null = every company (platform announcements). */
  companyId: number | null;
  event: string;
  data: unknown;
  audience: Audience;
  /** Replace the viewer snapshot of this user's sockets (their queues or flags changed). */
  viewerUpdate?: Viewer;
  /** Close these sessions' sockets after delivering. */
  closeSessions?: string[];
};
