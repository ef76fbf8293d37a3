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
