/**
 * One clock for every date a person reads: the screens (web/src/lib/dates.ts) and the export files
 * (server/reports, audit, dashboard) format an instant here, in one time zone and in the language's
 * own format, so the same ticket reads the same on the inbox, the kanban, the report and the file.
 * The text is assembled from the zone's fields rather than by Intl's locale patterns, which differ
 * between ICU versions (Chromium writes "4:36 AM" with a narrow no-break space, Deno may not).
 *
 * en: 04/29/2026 1:45 PM · pt and es: 29/04/2026 13:45 · tr: 29.04.2026 13:45.
 */

export const DATE_LANGS = ["pt", "es", "en", "tr"] as const;
export type DateLang = (typeof DATE_LANGS)[number];

/** The zone a company gets when none was chosen (DESIGN §5). */
export const DEFAULT_ZONE = "America/Sao_Paulo";

/** True when the runtime knows the IANA zone name. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 60) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const HOUR = 3_600_000;
const MAX_ZONES = 500;
const partFormatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    if (partFormatters.size >= MAX_ZONES) partFormatters.clear();
    partFormatters.set(zone, f);
  }
  return f;
}

/**
 * The zone's offset from UTC (ms) at instant `ms`, kept per UTC hour: an export formats two dates
 * per row and Intl costs microseconds a call. Offsets change on transitions, which fall on whole
 * UTC hours in the zones we serve.
 */
export function zoneOffset(ms: number, zone: string): number {
  const hour = Math.floor(ms / HOUR);
  let byHour = offsets.get(zone);
  if (!byHour) {
    if (offsets.size >= MAX_ZONES) offsets.clear();
    offsets.set(zone, byHour = new Map());
  }
  let o = byHour.get(hour);
  if (o === undefined) {
    const at = hour * HOUR;
    const p = Object.fromEntries(
      partsFormatter(zone).formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]),
    );
    o = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - at;
    if (byHour.size > 50_000) byHour.clear();
    byHour.set(hour, o);
  }
  return o;
}

/** What the wall clock of `zone` reads at instant `ms`. */
export type WallFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

export function wallFields(ms: number, zone: string): WallFields {
  const d = new Date(ms + zoneOffset(ms, zone));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The calendar day (YYYY-MM-DD) the zone is in at instant `ms`. */
export function dayKey(ms: number, zone: string): string {
  const f = wallFields(ms, zone);
  return `${f.year}-${two(f.month)}-${two(f.day)}`;
}

/**
 * The instant at which the zone's wall clock reads `wall` ("YYYY-MM-DD" or "YYYY-MM-DDTHH:mm").
 * A reading that a spring-forward gap skips lands after the gap. Null when `wall` is not a date.
 */
export function wallToInstant(wall: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(wall);
  if (!m) return null;
  const wallMs = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0));
  if (Number.isNaN(wallMs)) return null;
  let ts = wallMs - zoneOffset(wallMs, zone);
  ts = wallMs - zoneOffset(ts, zone);
  const before = zoneOffset(ts, zone);
  if (ts + before < wallMs) ts = wallMs - before;
  return new Date(ts);
}

/** The value of an `<input type="datetime-local">` showing instant `ms` in the zone. */
export function wallInputValue(ms: number, zone: string): string {
  const f = wallFields(ms, zone);
  return `${dayKey(ms, zone)}T${two(f.hour)}:${two(f.minute)}`;
}

const langOf = (lang: string): DateLang =>
  (DATE_LANGS as readonly string[]).includes(lang) ? lang as DateLang : "pt";

function dateText(f: Pick<WallFields, "year" | "month" | "day">, lang: DateLang): string {
  if (lang === "en") return `${two(f.month)}/${two(f.day)}/${f.year}`;
  if (lang === "tr") return `${two(f.day)}.${two(f.month)}.${f.year}`;
  return `${two(f.day)}/${two(f.month)}/${f.year}`;
}

function timeText(f: Omit<WallFields, "year" | "month" | "day">, lang: DateLang, seconds = false): string {
  const s = seconds ? `:${two(f.second)}` : "";
  if (lang !== "en") return `${two(f.hour)}:${two(f.minute)}${s}`;
  const h = f.hour % 12 || 12;
  return `${h}:${two(f.minute)}${s} ${f.hour < 12 ? "AM" : "PM"}`;
}

const msOf = (v: string | number | Date): number =>
  v instanceof Date ? v.getTime() : typeof v === "number" ? v : Date.parse(v);

/** The language's short date of instant `v` in the zone ("" for no date). */
export function formatDateIn(v: string | number | Date, lang: string, zone: string): string {
  const ms = msOf(v);
  return Number.isNaN(ms) ? "" : dateText(wallFields(ms, zone), langOf(lang));
}

/** The language's clock time of instant `v` in the zone. */
export function formatTimeIn(v: string | number | Date, lang: string, zone: string): string {
  const ms = msOf(v);
  return Number.isNaN(ms) ? "" : timeText(wallFields(ms, zone), langOf(lang));
}

/**
 * Date and time of instant `v` in the zone; "" for null, empty or invalid. `seconds` adds them to
 * the clock (the audit log, where order within a minute matters).
 */
export function formatDateTimeIn(
  v: string | number | Date | null | undefined,
  lang: string,
  zone: string,
  seconds = false,
): string {
  if (v === null || v === undefined || v === "") return "";
  const ms = msOf(v);
  if (Number.isNaN(ms)) return "";
  const f = wallFields(ms, zone);
  const l = langOf(lang);
  return `${dateText(f, l)} ${timeText(f, l, seconds)}`;
}

/** A calendar day (YYYY-MM-DD, no zone: it is already a day) in the language's short date. */
export function formatCalendarDay(day: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? dateText({ year: +m[1], month: +m[2], day: +m[3] }, langOf(lang)) : day;
}
