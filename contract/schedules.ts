/**
 * Scheduled messages on the calendar (spec 3 §3 "Schedule (calendar)"): a recurring schedule is one
 * row whose sendAt is its next slot, so the server expands each row into the occurrences that fall
 * in the asked range with the dispatcher's own recurrence (server/schedules/recurrence.ts). The web
 * draws these and computes no date of its own: one recurrence rule.
 */

/**
 * What a calendar entry is: already sent, still to be sent (the row's next slot and the slots
 * after it), or failed (the row is ERRO and waits for an edit).
 */
export const OCCURRENCE_STATES = ["sent", "pending", "failed"] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

export type ScheduleOccurrence = {
  scheduleId: number;
  /** When it was sent (sent) or is due (pending, failed), ISO UTC. */
  at: string;
  state: OccurrenceState;
  /** Which send of the schedule this is, from 1, of `total`. */
  n: number;
  total: number;
};

/** GET /schedules/calendar?from&to — at most this many days apart. */
export const CALENDAR_MAX_DAYS = 62;
