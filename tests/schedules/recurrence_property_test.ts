/**
 * Properties of the next slot of a recurring scheduled message, over every unit, interval and
 * weekend rule, in time zones with and without DST (some changing at midnight): the next slot is
 * strictly after the slot just sent and after now, never on a Saturday or Sunday when the rule moves
 * weekends, and a moved slot keeps its wall-clock time of day.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { nextSlot, weekendRule } from "@/schedules/recurrence.ts";
import { zonedParts } from "@/lib/time.ts";

const ZONES = [
  "America/Sao_Paulo", // DST until 2019, changing at midnight
  "America/New_York",
  "Europe/Lisbon",
  "Australia/Sydney",
  "America/Santiago", // changes at midnight
  "Asia/Beirut", // changes at midnight
  "Asia/Kolkata",
  "Pacific/Chatham", // a quarter-hour offset
  "UTC",
];
const FROM = Date.UTC(2016, 0, 1);
const TO = Date.UTC(2028, 11, 31);
const DAY = 86_400_000;

const arbCase = fc.record({
  zone: fc.constantFrom(...ZONES),
  raw: fc.integer({ min: FROM, max: TO }),
  intervalo: fc.integer({ min: 1, max: 4 }),
  valorIntervalo: fc.integer({ min: 1, max: 10 }),
  tipoDias: fc.integer({ min: 4, max: 6 }),
  // The dispatcher sends at or after the slot: at once, a tick later, or after the server was down.
  lateBy: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 60_000 }),
    fc.integer({ min: 0, max: 40 * DAY }),
  ),
});

/** The zone's offset at `at`, in minutes. */
const offset = (at: Date, zone: string) => {
  const p = zonedParts(at, zone);
  return (Date.parse(`${p.date}T${p.time}:00Z`) - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000;
};

const weekend = (at: Date, zone: string) => {
  const d = zonedParts(at, zone).weekdayEn;
  return d === "saturday" || d === "sunday";
};

Deno.test("[schedules] property: the next slot is strictly later and on a day the rule allows", () => {
  fc.assert(
    fc.property(arbCase, (c) => {
      const s = { ...c, enviarQuantasVezes: 1_000 };
      // The slot just sent is itself one the rule produced.
      const slot = weekendRule(new Date(c.raw), c.tipoDias, c.zone);
      const now = new Date(slot.getTime() + c.lateBy);
      const next = nextSlot(s, slot, 1, now, c.zone);
      assert.ok(next, "a schedule with sends left has a next slot");
      assert.ok(
        next.getTime() > slot.getTime(),
        `next ${next.toISOString()} after slot ${slot.toISOString()}`,
      );
      assert.ok(next.getTime() > now.getTime(), `next ${next.toISOString()} after now ${now.toISOString()}`);
      if (c.tipoDias !== 4) assert.ok(!weekend(next, c.zone), `${next.toISOString()} is a weekend day`);
      // Not skipped ahead: at most one step (a month: 31 days) and a weekend move past the later of
      // the slot and now.
      const step = c.intervalo === 4
        ? c.valorIntervalo * 60_000
        : c.intervalo === 2
        ? c.valorIntervalo * 7 * DAY
        : c.intervalo === 3
        ? c.valorIntervalo * 31 * DAY
        : c.valorIntervalo * DAY;
      assert.ok(next.getTime() - now.getTime() <= step + 3 * DAY + 3_600_000, "no step skipped");
      // Sending the next slot on time gives a later one again (no slot repeats).
      const after = nextSlot(s, next, 2, next, c.zone);
      assert.ok(after && after.getTime() > next.getTime());
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("[schedules] property: a weekend move keeps the wall-clock time and lands on Friday or Monday", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ZONES),
      fc.integer({ min: FROM, max: TO }),
      fc.constantFrom(5, 6),
      (zone, ms, tipoDias) => {
        const at = new Date(ms);
        const moved = weekendRule(at, tipoDias, zone);
        if (!weekend(at, zone)) return assert.equal(moved.getTime(), at.getTime());
        const p = zonedParts(moved, zone);
        assert.equal(p.weekdayEn, tipoDias === 5 ? "friday" : "monday", `${at.toISOString()} → ${p.date}`);
        // The time of day is kept, unless that reading does not exist on the day (a DST change
        // skipped it): then the move lands after the change, which happened within the hour before.
        if (p.time !== zonedParts(at, zone).time) {
          assert.notEqual(offset(moved, zone), offset(new Date(moved.getTime() - 3_600_000), zone));
        }
      },
    ),
    { numRuns: 1_000 },
  );
});

Deno.test("[schedules] DST: a Sunday move to Friday across the autumn change stays on Friday", () => {
  // New York falls back on Sunday 2026-11-01 at 02:00: Sunday 23:30 minus 48 hours would be
  // Saturday 00:30 local.
  const sunday = new Date("2026-11-02T04:30:00Z"); // Sunday 23:30 EST
  const moved = weekendRule(sunday, 5, "America/New_York");
  assert.deepEqual(zonedParts(moved, "America/New_York"), {
    date: "2026-10-30",
    time: "23:30",
    weekdayEn: "friday",
  });
});
