/**
 * Every date and time the UI shows goes through here: in one display zone for the whole app — the
 * user's own zone if they chose one in their profile, else the company's, learnt when the session
 * loads (lib/auth.tsx) — and in the interface language's own formats (en: 04/29/2026 1:45 PM; pt
 * and es: 29/04/2026 13:45; tr: 29.04.2026 13:45), through the same helper the export files use
 * (contract/dates.ts). The browser's zone is never used: a team spread over zones sees one clock.
 * "Today", "yesterday", day grouping and what a date input means are read in that zone too.
 */
import type { Locale } from "date-fns";
import { enUS, es, ptBR, tr } from "date-fns/locale";
import {
  dayKey,
  DEFAULT_ZONE,
  formatCalendarDay,
  formatDateIn,
  formatDateTimeIn,
  formatTimeIn,
  isTimeZone,
  wallFields,
  wallInputValue,
  wallToInstant,
} from "@contract/dates.ts";
import { currentLanguage } from "./i18n.ts";

const LOCALES: Record<string, Locale> = { pt: ptBR, es, en: enUS, tr };
const TAGS: Record<string, string> = { pt: "pt-BR", es: "es-ES", en: "en-US", tr: "tr-TR" };

export function dateLocale(): Locale {
  return LOCALES[currentLanguage()] ?? ptBR;
}

/** The BCP 47 tag of the interface language, for Intl formatters (month and weekday names). */
export const localeTag = () => TAGS[currentLanguage()] ?? "pt-BR";

let zone = DEFAULT_ZONE;

/** Sets the zone every date is shown in (the session's: the user's choice, else the company's). */
export function setDisplayZone(next: string | null | undefined) {
  zone = next && isTimeZone(next) ? next : DEFAULT_ZONE;
}

/** The zone every date is shown in. */
export const displayZone = () => zone;

/** The zone a session shows dates in: the user's own choice, else the company's. */
export function sessionZone(
  user: { timezone?: string | null; company?: { timezone: string } } | null | undefined,
): string {
  return user?.timezone || user?.company?.timezone || DEFAULT_ZONE;
}

type When = string | number | Date;

/** The language's short date (04/29/2026, 29/04/2026, 29.04.2026). */
export function formatDate(v: When, timeZone = zone): string {
  return formatDateIn(v, currentLanguage(), timeZone);
}

/** The language's clock time (1:45 PM, 13:45). */
export function formatTime(v: When, timeZone = zone): string {
  return formatTimeIn(v, currentLanguage(), timeZone);
}

/** Date and time, e.g. for logs, notes and lists of sends. */
export function formatDateTime(v: When | null | undefined, timeZone = zone): string {
  return formatDateTimeIn(v, currentLanguage(), timeZone);
}

/** Date and time with seconds (the audit log). */
export function formatDateTimeSeconds(v: When | null | undefined, timeZone = zone): string {
  return formatDateTimeIn(v, currentLanguage(), timeZone, true);
}

/** A calendar date (YYYY-MM-DD: already a day, no zone) in the language's short date format. */
export function formatDay(day: string | null | undefined): string {
  return day ? formatCalendarDay(day, currentLanguage()) : "";
}

/** A calendar date (YYYY-MM-DD) as a local Date at midnight, for date arithmetic on days. */
export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const msOf = (v: When) => (v instanceof Date ? v.getTime() : typeof v === "number" ? v : Date.parse(v));

/** The calendar day (YYYY-MM-DD) of instant `v` in the display zone ("" for no date). */
export function dayOf(v: When): string {
  const ms = msOf(v);
  return Number.isNaN(ms) ? "" : dayKey(ms, zone);
}

/**
 * The day (YYYY-MM-DD) a calendar grid's cell stands for. Grids count days with local Date objects
 * (month arithmetic), whose own fields are the day: no zone is involved.
 */
export function calendarDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The instant a day (YYYY-MM-DD) begins in the display zone, as ISO. */
export const dayStartIso = (day: string) => (wallToInstant(day, zone) ?? new Date(NaN)).toISOString();

/** Today (YYYY-MM-DD) in the display zone. */
export const todayKey = (now: When = Date.now()) => dayOf(now);

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** True when both instants fall on the same day of the display zone. */
export const sameDay = (a: When, b: When) => dayOf(a) !== "" && dayOf(a) === dayOf(b);

/** The hour (0–23) the display zone's clock reads at instant `v`. */
export const hourOf = (v: When) => wallFields(msOf(v), zone).hour;

/** The value of a `datetime-local` input showing instant `v` in the display zone. */
export const toZonedInput = (v: When) => wallInputValue(msOf(v), zone);

/**
 * What a date or datetime-local input's value ("YYYY-MM-DD" or "YYYY-MM-DDTHH:mm") means: that
 * wall-clock reading in the display zone. Null for an empty or broken value.
 */
export const fromZonedInput = (value: string) => (value ? wallToInstant(value, zone) : null);

/**
 * A calendar grid's day written out in the language (Thursday, December 3, 2026; quinta-feira, 3 de
 * dezembro de 2026). Grid cells are local Dates (see calendarDay): no zone unless one is given.
 */
export function formatLongDay(v: When, timeZone?: string): string {
  const d = new Date(msOf(v));
  return !Number.isNaN(d.getTime())
    ? new Intl.DateTimeFormat(localeTag(), { dateStyle: "full", timeZone }).format(d)
    : "";
}

/** A month and its year (December 2026, dezembro de 2026), for calendars. */
export function formatMonth(v: When, timeZone?: string): string {
  const d = new Date(msOf(v));
  return !Number.isNaN(d.getTime())
    ? new Intl.DateTimeFormat(localeTag(), { month: "long", year: "numeric", timeZone }).format(d)
    : "";
}

/** A weekday's short name (Mon, seg.), for calendar headers. */
export function formatWeekday(v: When, timeZone?: string): string {
  const d = new Date(msOf(v));
  return !Number.isNaN(d.getTime())
    ? new Intl.DateTimeFormat(localeTag(), { weekday: "short", timeZone }).format(d)
    : "";
}
