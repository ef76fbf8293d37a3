import { format, type Locale } from "date-fns";
import { enUS, es, ptBR, tr } from "date-fns/locale";
import { currentLanguage } from "./i18n.ts";

const LOCALES: Record<string, Locale> = { pt: ptBR, es, en: enUS, tr };

export function dateLocale(): Locale {
  return LOCALES[currentLanguage()] ?? ptBR;
}

/** A calendar date (YYYY-MM-DD) shown as dd/MM/yyyy (or the language's pattern). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "";
  const date = parseDay(day);
  if (!date) return day;
  return format(date, currentLanguage() === "en" ? "MM/dd/yyyy" : "dd/MM/yyyy", { locale: dateLocale() });
}

export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}
