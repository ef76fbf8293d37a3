/**
 * Properties of the next slot of a recurring scheduled message, over every unit, interval and
 * weekend rule, in time zones with and without DST (some changing at midnight): the next slot is
 * strictly after the slot just sent and after now, never on a Saturday or Sunday when the rule moves
 * weekends, and a moved slot keeps its wall-clock time of day. Across DST changes, day, week and
 * month steps are whole calendar units that keep the local time of day.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { nextSlot, weekendRule } from "@/schedules/recurrence.ts";
import { addDays, wallToUtc, zonedParts } from "@/lib/time.ts";

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

/** The zones above that change their clocks (the old Sao Paulo rules until 2019, at midnight). */
const DST_ZONES = [
  "America/Sao_Paulo",
  "America/New_York",
  "Europe/Lisbon",
  "Australia/Sydney",
  "America/Santiago",
  "Asia/Beirut",
  "Pacific/Chatham",
];

/** The instant the zone's wall clock reads `date` `hh:mm` (after the gap, if a change skips it). */
const localAt = (date: string, hh: number, mm: number, zone: string) =>
  wallToUtc(Date.parse(`${date}T00:00:00Z`) + (hh * 60 + mm) * 60_000, zone);

/** True when the zone's offset changed within the hour before `at` (a skipped time of day). */
const afterGap = (at: Date, zone: string) =>
  offset(at, zone) !== offset(new Date(at.getTime() - 3_600_000), zone);

Deno.test("[schedules] property DST: days, weeks and months keep the local time of day and step whole calendar units", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...DST_ZONES),
      fc.integer({ min: FROM, max: TO }),
      fc.integer({ min: 0, max: 23 }),
      fc.constantFrom(0, 15, 30, 45),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      (zone, ms, hh, mm, intervalo, valorIntervalo) => {
        const s = { intervalo, valorIntervalo, tipoDias: 4, enviarQuantasVezes: 1_000 };
        const day = zonedParts(new Date(ms), zone).date;
        let slot = localAt(day, hh, mm, zone);
        const time = zonedParts(slot, zone).time;
        let drifted = time !== `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`;
        // A year of slots sent on time: each a whole number of calendar units after the last, at
        // the same local time unless a change skipped that time (then right after the gap).
        for (let n = 1; n <= (intervalo === 1 ? 40 : 14); n++) {
          const next = nextSlot(s, slot, n, slot, zone)!;
          const before = zonedParts(slot, zone).date;
          const [y, m, d] = before.split("-").map(Number);
          const expected = intervalo === 3
            ? new Date(Date.UTC(y, m - 1 + valorIntervalo, d)).toISOString().slice(0, 10)
            : addDays(before, valorIntervalo * (intervalo === 2 ? 7 : 1));
          const p = zonedParts(next, zone);
          assert.equal(p.date, expected, `${zone}: ${slot.toISOString()} → ${next.toISOString()}`);
          if (!drifted && p.time !== time) {
            assert.ok(afterGap(next, zone), `${zone}: ${next.toISOString()} left ${time} without a gap`);
            drifted = true;
          }
          slot = next;
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("[schedules] DST: a 09:00 daily schedule in New York stays at 09:00 through both 2026 changes", () => {
  const zone = "America/New_York";
  const s = { intervalo: 1, valorIntervalo: 1, tipoDias: 4, enviarQuantasVezes: 400 };
  let slot = localAt("2026-01-01", 9, 0, zone);
  const dates = new Set<string>();
  for (let n = 1; n < 365; n++) {
    const p = zonedParts(slot, zone);
    assert.equal(p.time, "09:00", `slot ${n} at ${slot.toISOString()}`);
    assert.ok(!dates.has(p.date), `${p.date} twice`);
    dates.add(p.date);
    slot = nextSlot(s, slot, n, slot, zone)!;
  }
  assert.equal(dates.size, 364);
  // Across each change: 09:00 EDT is 13:00Z, 09:00 EST 14:00Z (a 24-hour step gave 10:00 / 08:00).
  assert.ok(dates.has("2026-03-07") && dates.has("2026-03-08") && dates.has("2026-11-01"));
  const s8 = nextSlot(s, localAt("2026-03-07", 9, 0, zone), 1, localAt("2026-03-07", 9, 0, zone), zone)!;
  assert.equal(s8.toISOString(), "2026-03-08T13:00:00.000Z");
  const n2 = nextSlot(s, localAt("2026-10-31", 9, 0, zone), 1, localAt("2026-10-31", 9, 0, zone), zone)!;
  assert.equal(n2.toISOString(), "2026-11-01T14:00:00.000Z");
});

Deno.test("[schedules] DST: the old Sao Paulo rules (midnight changes) keep a 09:00 weekly slot at 09:00", () => {
  const zone = "America/Sao_Paulo";
  // DST began on Sunday 2018-11-04 at 00:00 (→ 01:00) and ended on 2019-02-17 at 00:00 (→ 23:00).
  const s = { intervalo: 2, valorIntervalo: 1, tipoDias: 4, enviarQuantasVezes: 100 };
  let slot = localAt("2018-10-28", 9, 0, zone);
  for (let n = 1; n < 20; n++) {
    slot = nextSlot(s, slot, n, slot, zone)!;
    assert.equal(zonedParts(slot, zone).time, "09:00", slot.toISOString());
    assert.equal(zonedParts(slot, zone).weekdayEn, "sunday");
  }
  // Catching up after downtime across the change keeps the time too.
  const late = nextSlot(s, localAt("2018-10-28", 9, 0, zone), 1, new Date("2018-12-01T00:00:00Z"), zone)!;
  assert.deepEqual(zonedParts(late, zone), { date: "2018-12-02", time: "09:00", weekdayEn: "sunday" });
});
