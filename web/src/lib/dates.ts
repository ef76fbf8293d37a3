/**
 * Every date and time the UI shows goes through here, in the interface language's own formats
 * (en-US: 04/29/2026 1:45 PM; pt-BR and es: 29/04/2026 13:45; tr: 29.04.2026 13:45), optionally in
 * a given time zone (the company's, for reports).
 */
import type { Locale } from "date-fns";
import { enUS, es, ptBR, tr } from "date-fns/locale";
import { currentLanguage } from "./i18n.ts";

const LOCALES: Record<string, Locale> = { pt: ptBR, es, en: enUS, tr };
const TAGS: Record<string, string> = { pt: "pt-BR", es: "es-ES", en: "en-US", tr: "tr-TR" };

export function dateLocale(): Locale {
  return LOCALES[currentLanguage()] ?? ptBR;
}

/** The BCP 47 tag of the interface language, for Intl formatters. */
export const localeTag = () => TAGS[currentLanguage()] ?? "pt-BR";

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "date" | "time", timeZone?: string): Intl.DateTimeFormat {
  const key = `${localeTag()}|${kind}|${timeZone ?? ""}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      localeTag(),
      kind === "date"
        ? { day: "2-digit", month: "2-digit", year: "numeric", timeZone }
        : { timeStyle: "short", timeZone },
    );
    cache.set(key, f);
  }
  return f;
}

const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));
const valid = (d: Date) => !Number.isNaN(d.getTime());

/** The language's short date (04/29/2026, 29/04/2026, 29.04.2026). */
export function formatDate(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  return valid(d) ? formatter("date", timeZone).format(d) : "";
}

/** The language's clock time (1:45 PM, 13:45). */
export function formatTime(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  return valid(d) ? formatter("time", timeZone).format(d) : "";
}

/** Date and time, e.g. for logs, notes and lists of sends. */
export function formatDateTime(v: string | number | Date | null | undefined, timeZone?: string): string {
  if (v === null || v === undefined || v === "") return "";
  const d = toDate(v);
  return valid(d) ? `${formatDate(d, timeZone)} ${formatTime(d, timeZone)}` : "";
}

/** A calendar date (YYYY-MM-DD) in the language's short date format. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "";
  const date = parseDay(day);
  if (!date) return day;
  return formatDate(date);
}

export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The calendar day (YYYY-MM-DD) a moment falls on, in the zone given or the browser's. */
export function dayKey(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  if (!valid(d)) return "";
  if (!timeZone) {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(d);
}

/** A day written out in the language (Thursday, December 3, 2026; quinta-feira, 3 de dezembro de 2026). */
export function formatLongDay(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  return valid(d) ? new Intl.DateTimeFormat(localeTag(), { dateStyle: "full", timeZone }).format(d) : "";
}

/** A month and its year (December 2026, dezembro de 2026), for calendars. */
export function formatMonth(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  return valid(d)
    ? new Intl.DateTimeFormat(localeTag(), { month: "long", year: "numeric", timeZone }).format(d)
    : "";
}

/** A weekday's short name (Mon, seg.), for calendar headers. */
export function formatWeekday(v: string | number | Date, timeZone?: string): string {
  const d = toDate(v);
  return valid(d) ? new Intl.DateTimeFormat(localeTag(), { weekday: "short", timeZone }).format(d) : "";
}
