/**
 * Numbers as their country writes them, with libphonenumber-js: stored numbers are
 * digits with the country code (WhatsApp ids), so a leading "+" is added before parsing. Group
 * ids, masked (LGPD) and unparsable numbers are shown as stored.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

export function formatPhone(raw: string | null | undefined): string {
  const s = (raw ?? "").trim();
  if (!s || /[^\d+\s()-]/.test(s)) return s;
  const digits = s.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return s;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : s;
}

/** The number's country (ISO 3166 alpha-2), when it has one. */
export function phoneCountry(raw: string | null | undefined): string | undefined {
  const digits = (raw ?? "").replace(/\D/g, "");
  if (digits.length < 8) return undefined;
  return parsePhoneNumberFromString(`+${digits}`)?.country;
}
