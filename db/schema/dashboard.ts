/**
 * The dashboard's per-day rollups (server/dashboard/rollup_*.ts): a year of the dashboard is a sum
 * over ~365 rows per attendant instead of a scan of every cycle and message. A day is a local
 * calendar day of the zone the company's rollup was built in (`dashboard_rollup_state.zone`), so a
 * range of local days is a range of keys. Only days before `built_until` are rolled up; the days
 * from it on (today) are always read from the raw tables. No FKs: a rollup is derived data, rebuilt
 * from the tables it sums.
 */
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Per company: the zone the days are in and the first day not rolled up yet. */
export const dashboardRollupState = sqliteTable("dashboard_rollup_state", {
  companyId: integer("company_id").primaryKey(),
  zone: text("zone").notNull(),
  /** Local day (YYYY-MM-DD), exclusive: days before it are in the rollup tables. */
  builtUntil: text("built_until").notNull(),
  builtAt: text("built_at").notNull(),
});

/**
 * Service cycles that began on the day (ticket_traking.created_at) and NPS answers given on it, per
 * queue and attendant. queue_id -1 is the sum over every queue, 0 "no queue"; user_id 0 "nobody".
 * A `day` of `M` + YYYY-MM is the month's row: the sum of its day rows (a year is 12 of them).
 */
export const dashboardDayCycles = sqliteTable("dashboard_day_cycles", {
  companyId: integer("company_id").notNull(),
  queueId: integer("queue_id").notNull(),
  day: text("day").notNull(),
  userId: integer("user_id").notNull(),
  cycles: integer("cycles").notNull().default(0),
  finished: integer("finished").notNull().default(0),
  rated: integer("rated").notNull().default(0),
  waitRating: integer("wait_rating").notNull().default(0),
  waitSum: real("wait_sum").notNull().default(0),
  waitN: integer("wait_n").notNull().default(0),
  supportSum: real("support_sum").notNull().default(0),
  supportN: integer("support_n").notNull().default(0),
  ratings: integer("ratings").notNull().default(0),
  rateSum: integer("rate_sum").notNull().default(0),
  promoters: integer("promoters").notNull().default(0),
  passives: integer("passives").notNull().default(0),
  detractors: integer("detractors").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.queueId, t.day, t.userId] })]);

/** Tickets created on the day, per queue they are in now (-1: every queue, 0: none). */
export const dashboardDayTickets = sqliteTable("dashboard_day_tickets", {
  companyId: integer("company_id").notNull(),
  queueId: integer("queue_id").notNull(),
  day: text("day").notNull(),
  created: integer("created").notNull().default(0),
  groups: integer("groups").notNull().default(0),
  active: integer("active").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.queueId, t.day] })]);

/** Messages stored on the day: all of them and ours. */
export const dashboardDayMessages = sqliteTable("dashboard_day_messages", {
  companyId: integer("company_id").notNull(),
  day: text("day").notNull(),
  total: integer("total").notNull().default(0),
  fromMe: integer("from_me").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.day] })]);
