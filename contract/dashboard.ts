/** The dashboard's figures on the wire (spec 1 §7): counters and the attendants table. */

export type DashboardCounters = {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  supportGroups: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  activeTickets: number;
  passiveTickets: number;
  npsScore: number;
  npsPromotersPerc: number;
  npsPassivePerc: number;
  npsDetractorsPerc: number;
  promoters: number;
  passives: number;
  detractors: number;
  ratings: number;
  tickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  percRating: number;
};

export type AttendantRow = {
  id: number;
  name: string;
  rating: number;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
};

/**
 * A ticket on the real-time panel: waiting or in service, with its age. `GET /dashboard/moments` and
 * `GET /usersMoments` answer a list of these (the spec's client reads the list itself); with
 * `?view=panel` they answer our screen's shapes below.
 */
export type MomentTicket = {
  id: number;
  uuid: string;
  status: "open" | "pending";
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  isGroup: boolean;
  createdAt: string;
  updatedAt: string;
  /** When the current cycle was queued / taken (null before tracking started). */
  queuedAt: string | null;
  startedAt: string | null;
  /** Minutes waiting (pending) or in service (open), measured now. */
  ageMinutes: number;
  lastMessage: string;
  unreadMessages: number;
  contact: { id: number; name: string; number: string };
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string } | null;
};

/** `GET /dashboard/moments?view=panel`. */
export type MomentsPanel = { tickets: MomentTicket[]; count: number; windowDays: number };

/** An attendant on the panel: his open tickets and the age of the oldest. */
export type UserMoment = {
  id: number;
  name: string;
  online: boolean;
  open: number;
  oldestMinutes: number;
  tickets: MomentTicket[];
};

/** `GET /usersMoments?view=panel`: every attendant, and the waiting tickets per queue. */
export type UsersMomentsPanel = {
  users: UserMoment[];
  queues: { queue: MomentTicket["queue"]; pending: number; oldestMinutes: number }[];
};
