/**
 * The viewer snapshot a socket keeps and the ticket fields visibility depends on. Down here so the
 * hub, the request context and the ticket policy (tickets/policy.ts, which decides) share one shape.
 */

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

/** The fields of a ticket that visibility depends on. */
export type TicketScope = {
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  status: string;
};
