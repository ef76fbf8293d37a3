import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { ApiError } from "../../../lib/api.ts";
import {
  type AdminCompany,
  type CompanyInput,
  RECURRENCES,
  useAdminPlans,
  useSaveCompany,
} from "../api/backoffice.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const num = (s: string) => (s.trim() === "" ? null : Number(s));

/** The company form of spec 3 §2: name, e-mail, default password, phone, document, plan, status, limits, recurrence. */
export function CompanyForm({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const { t } = useTranslation("backoffice");
  const plans = useAdminPlans();
  const save = useSaveCompany();
  const [f, setF] = useState({
    name: company?.name ?? "",
    email: company?.email ?? "",
    password: "",
    phone: company?.phone ?? "",
    document: company?.document ?? "",
    planId: company ? String(company.planId) : "",
    status: company?.status ?? true,
    numberAttendants: company?.numberAttendants?.toString() ?? "",
    numberConections: company?.numberConections?.toString() ?? "",
    recurrence: company?.recurrence ?? "MENSAL",
    dueDate: company?.dueDate ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f, v: string | boolean) => (setF((p) => ({ ...p, [k]: v })), setErrors({}));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const errs: Record<string, string> = {};
    if (f.name.trim().length < 2 || f.name.trim().length > 50) errs.name = t("companies.validation.name");
    if (!EMAIL.test(f.email.trim())) errs.email = t("companies.validation.email");
    if (!f.planId) errs.planId = t("companies.validation.plan");
    if (!company && f.password.length < 5) errs.password = t("companies.validation.password");
    for (const k of ["numberAttendants", "numberConections"] as const) {
      if (f[k].trim() && !/^\d+$/.test(f[k].trim())) errs[k] = t("companies.validation.number");
    }
    if (Object.keys(errs).length) return setErrors(errs);
    const input: Partial<CompanyInput> = {
      name: f.name.trim(),
      email: f.email.trim(),
      phone: f.phone.trim(),
      document: f.document.trim(),
      planId: Number(f.planId),
      status: f.status,
      numberAttendants: num(f.numberAttendants),
      numberConections: num(f.numberConections),
      recurrence: f.recurrence,
      ...(f.dueDate ? { dueDate: f.dueDate } : {}),
      ...(company ? {} : { password: f.password }),
    };
    try {
      await save.mutateAsync({ id: company?.id, input });
      toastSuccess(t("toasts.done"));
      onClose();
    } catch (err) {
      toastError(
        err instanceof ApiError && (err.code === "ERR_CONFLICT" || err.code === "ERR_VALIDATION")
          ? t("companies.saveError")
          : err,
      );
    }
  };

  return (
    <FormDialog
      title={company ? t("companies.editTitle") : t("companies.addTitle")}
      onClose={onClose}
      formId="company-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="company-save"
      className="max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field label={t("companies.fields.name")} htmlFor="company-name" error={errors.name}>
        <Input id="company-name" value={f.name} onChange={(e) => set("name", e.target.value)} autoFocus />
      </Field>
      <Field label={t("companies.fields.email")} htmlFor="company-email" error={errors.email}>
        <Input
          id="company-email"
          type="email"
          value={f.email}
          onChange={(e) => set("email", e.target.value)}
        />
      </Field>
      {!company && (
        <Field label={t("companies.fields.password")} htmlFor="company-password" error={errors.password}>
          <PasswordInput
            id="company-password"
            value={f.password}
            onChange={(e) =>
              set("password", e.target.value)}
            autoComplete="new-password"
          />
        </Field>
      )}
      <Field label={t("companies.fields.phone")} htmlFor="company-phone">
        <Input id="company-phone" value={f.phone} onChange={(e) => set("phone", e.target.value)} />
      </Field>
      <Field label={t("companies.fields.document")} htmlFor="company-document">
        <Input id="company-document" value={f.document} onChange={(e) => set("document", e.target.value)} />
      </Field>
      <Field label={t("companies.fields.plan")} htmlFor="company-plan" error={errors.planId}>
        <Select
          id="company-plan"
          data-testid="company-plan"
          value={f.planId || undefined}
          onValueChange={(v) => set("planId", v)}
          placeholder={t("companies.fields.planPlaceholder")}
          options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.amount}` }))}
        />
      </Field>
      <Field label={t("companies.fields.recurrence")} htmlFor="company-recurrence">
        <Select
          id="company-recurrence"
          value={f.recurrence}
          onValueChange={(v) => set("recurrence", v)}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`recurrence.${r}`) }))}
        />
      </Field>
      <Field
        label={t("companies.fields.attendants")}
        htmlFor="company-attendants"
        error={errors.numberAttendants}
      >
        <Input
          id="company-attendants"
          inputMode="numeric"
          value={f.numberAttendants}
          onChange={(e) => set("numberAttendants", e.target.value)}
        />
      </Field>
      <Field
        label={t("companies.fields.connections")}
        htmlFor="company-connections"
        error={errors.numberConections}
      >
        <Input
          id="company-connections"
          inputMode="numeric"
          value={f.numberConections}
          onChange={(e) => set("numberConections", e.target.value)}
        />
      </Field>
      <Field label={t("companies.fields.dueDate")} htmlFor="company-due">
        <Input
          id="company-due"
          type="date"
          value={f.dueDate}
          onChange={(e) => set("dueDate", e.target.value)}
        />
      </Field>
      <Field label={t("companies.fields.status")} htmlFor="company-status">
        <div className="flex h-9 items-center gap-2 text-sm text-ink">
          <Switch id="company-status" checked={f.status} onCheckedChange={(v) => set("status", v)} />
          {f.status ? t("companies.active") : t("companies.inactive")}
        </div>
      </Field>
    </FormDialog>
  );
}
