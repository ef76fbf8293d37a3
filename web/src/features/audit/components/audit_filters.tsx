import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import type { AuditFilterChoices, AuditFilters } from "../api.ts";

const ALL = "all";

/** Company (operator), user, action, entity and a date range (days in the company's time zone). */
export function AuditFilterBar(
  { value, onChange, choices }: {
    value: AuditFilters;
    onChange: (f: AuditFilters) => void;
    choices: AuditFilterChoices | undefined;
  },
) {
  const { t } = useTranslation("audit");
  const set = (k: keyof AuditFilters, v: string) => {
    const next = { ...value, [k]: v === ALL || v === "" ? undefined : v };
    // Another company's people are other people.
    if (k === "companyId") next.userId = undefined;
    onChange(next);
  };
  const opt = (v: string | undefined) => v ?? ALL;
  const any = Object.values(value).some(Boolean);
  return (
    <div
      className="grid grid-cols-2 gap-2 lg:grid-cols-3 xl:flex xl:flex-wrap xl:items-center"
      data-testid="audit-filters"
    >
      {choices?.isOperator && (
        <Select
          value={opt(value.companyId)}
          onValueChange={(v) => set("companyId", v)}
          aria-label={t("filters.company")}
          data-testid="audit-filter-company"
          className="xl:w-48"
          options={[
            { value: ALL, label: t("filters.allCompanies") },
            ...(choices.companies.map((c) => ({ value: String(c.id), label: c.name }))),
          ]}
        />
      )}
      <Select
        value={opt(value.userId)}
        onValueChange={(v) => set("userId", v)}
        aria-label={t("filters.user")}
        data-testid="audit-filter-user"
        className="xl:w-44"
        options={[
          { value: ALL, label: t("filters.allUsers") },
          ...(choices?.users ?? []).map((u) => ({ value: String(u.id), label: u.name || `#${u.id}` })),
        ]}
      />
      <Select
        value={opt(value.action)}
        onValueChange={(v) => set("action", v)}
        aria-label={t("filters.action")}
        data-testid="audit-filter-action"
        className="xl:w-56"
        options={[
          { value: ALL, label: t("filters.allActions") },
          ...(choices?.actions ?? []).map((a) => ({
            value: a,
            label: t(`actions.${a}`, { defaultValue: a }),
          })),
        ]}
      />
      <Select
        value={opt(value.entity)}
        onValueChange={(v) => set("entity", v)}
        aria-label={t("filters.entity")}
        data-testid="audit-filter-entity"
        className="xl:w-40"
        options={[
          { value: ALL, label: t("filters.allEntities") },
          ...(choices?.entities ?? []).map((e) => ({
            value: e,
            label: t(`entities.${e}`, { defaultValue: e }),
          })),
        ]}
      />
      <label className="flex flex-col gap-1 text-xs text-ink-muted sm:flex-row sm:items-center sm:gap-2">
        <span className="shrink-0">{t("filters.from")}</span>
        <Input
          type="date"
          value={value.dateFrom ?? ""}
          onChange={(e) => set("dateFrom", e.target.value)}
          data-testid="audit-filter-from"
          className="xl:w-40"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-ink-muted sm:flex-row sm:items-center sm:gap-2">
        <span className="shrink-0">{t("filters.to")}</span>
        <Input
          type="date"
          value={value.dateTo ?? ""}
          onChange={(e) => set("dateTo", e.target.value)}
          data-testid="audit-filter-to"
          className="xl:w-40"
        />
      </label>
      {any && (
        <Button variant="ghost" size="sm" onClick={() => onChange({})} data-testid="audit-filter-clear">
          <X className="size-4" />
          {t("filters.clear")}
        </Button>
      )}
    </div>
  );
}
