/**
 * The user's own clock: the profile's "Time zone" choice. The default, "company's zone", stores
 * nothing (null), so a user follows the company when its zone changes; any other IANA zone makes
 * every date of the app read in it (lib/dates.ts).
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { zoneOffset } from "@contract/dates.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";

/** The value of the "company's zone" option (a Select option cannot be empty). */
const COMPANY = "company";

function offsetLabel(zone: string, now: number): string {
  const minutes = Math.round(zoneOffset(now, zone) / 60_000);
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function allZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? [];
}

export function TimeZoneField(
  { value, companyZone, onChange }: { value: string; companyZone: string; onChange: (zone: string) => void },
) {
  const { t } = useTranslation("users");
  const options = useMemo(() => {
    const now = Date.now();
    const zones = allZones();
    if (value && !zones.includes(value)) zones.push(value);
    return [
      { value: COMPANY, label: t("profile.timeZoneCompany", { zone: companyZone }) },
      ...zones.map((z) => ({ value: z, label: `${z.replaceAll("_", " ")} (${offsetLabel(z, now)})` })),
    ];
  }, [t, companyZone, value]);
  return (
    <Field label={t("profile.timeZone")} htmlFor="user-time-zone" hint={t("profile.timeZoneHint")}>
      <Select
        id="user-time-zone"
        data-testid="profile-time-zone"
        value={value || COMPANY}
        onValueChange={(v) => onChange(v === COMPANY ? "" : v)}
        options={options}
      />
    </Field>
  );
}
