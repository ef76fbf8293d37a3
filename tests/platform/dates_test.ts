/**
 * The one date helper (contract/dates.ts) that the screens and the export files share: a zone's
 * wall clock, the four languages' formats, and what a typed wall-clock reading means in a zone.
 */
import assert from "node:assert/strict";
import {
  dayKey,
  formatDateIn,
  formatDateTimeIn,
  formatTimeIn,
  isTimeZone,
  wallInputValue,
  wallToInstant,
} from "@contract/dates.ts";

const AT = "2026-03-10T01:36:05Z"; // 22:36 on the 9th in São Paulo, 10:36 on the 10th in Tokyo

Deno.test("[dates] one instant in two zones and four languages", () => {
  assert.equal(formatDateTimeIn(AT, "en", "America/Sao_Paulo"), "03/09/2026 10:36 PM");
  assert.equal(formatDateTimeIn(AT, "pt", "America/Sao_Paulo"), "09/03/2026 22:36");
  assert.equal(formatDateTimeIn(AT, "es", "America/Sao_Paulo"), "09/03/2026 22:36");
  assert.equal(formatDateTimeIn(AT, "tr", "America/Sao_Paulo"), "09.03.2026 22:36");
  assert.equal(formatDateTimeIn(AT, "en", "Asia/Tokyo"), "03/10/2026 10:36 AM");
  assert.equal(formatDateTimeIn(AT, "pt", "Asia/Tokyo", true), "10/03/2026 10:36:05");
  assert.equal(formatDateIn(AT, "en", "Asia/Tokyo"), "03/10/2026");
  assert.equal(formatTimeIn(AT, "xx", "Asia/Tokyo"), "10:36"); // unknown language: pt
  assert.equal(formatTimeIn("2026-03-10T03:05:00Z", "en", "UTC"), "3:05 AM");
  assert.equal(formatTimeIn("2026-03-10T00:00:00Z", "en", "UTC"), "12:00 AM");
  assert.equal(formatTimeIn("2026-03-10T12:00:00Z", "en", "UTC"), "12:00 PM");
  assert.equal(formatDateTimeIn(null, "en", "UTC"), "");
  assert.equal(formatDateTimeIn("not a date", "en", "UTC"), "");
  assert.equal(dayKey(Date.parse(AT), "America/Sao_Paulo"), "2026-03-09");
  assert.equal(dayKey(Date.parse(AT), "Asia/Tokyo"), "2026-03-10");
});

Deno.test("[dates] a typed wall-clock reading is read in the zone, and shown back the same", () => {
  assert.equal(
    wallToInstant("2026-03-12T09:00", "America/Sao_Paulo")!.toISOString(),
    "2026-03-12T12:00:00.000Z",
  );
  assert.equal(wallToInstant("2026-03-12T09:00", "Asia/Tokyo")!.toISOString(), "2026-03-12T00:00:00.000Z");
  assert.equal(wallToInstant("2026-03-12", "America/Sao_Paulo")!.toISOString(), "2026-03-12T03:00:00.000Z");
  assert.equal(wallInputValue(Date.parse("2026-03-12T12:00:00Z"), "America/Sao_Paulo"), "2026-03-12T09:00");
  // New York springs forward at 02:00 on 8 March 2026: 02:30 does not exist and lands after the gap.
  assert.equal(
    wallToInstant("2026-03-08T02:30", "America/New_York")!.toISOString(),
    "2026-03-08T07:30:00.000Z",
  );
  assert.equal(
    wallToInstant("2026-07-01T09:00", "America/New_York")!.toISOString(),
    "2026-07-01T13:00:00.000Z",
  );
  assert.equal(wallToInstant("", "UTC"), null);
  assert.ok(isTimeZone("Asia/Tokyo"));
  assert.ok(!isTimeZone("Mars/Olympus"));
});
