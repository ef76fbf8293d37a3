import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Layers } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { ApiError } from "../../../lib/api.ts";
import {
  type AdminPlan,
  PLAN_FLAGS,
  type PlanFlag,
  RECURRENCES,
  useAdminPlans,
  useBackofficeLive,
  useDeletePlan,
  useSavePlan,
} from "../api/backoffice.ts";

type Draft = {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  recurrence: string;
  isPublic: boolean;
  stripePriceId: string;
  aiMonthlyTokens: string;
} & Record<PlanFlag, boolean>;

const blank = (): Draft => ({
  name: "",
  users: "1",
  connections: "1",
  queues: "1",
  amount: "0",
  recurrence: "MENSAL",
  isPublic: true,
  stripePriceId: "",
  aiMonthlyTokens: "1000000",
  ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>,
});
const fromPlan = (p: AdminPlan): Draft => ({
  name: p.name,
  users: String(p.users),
  connections: String(p.connections),
  queues: String(p.queues),
  amount: String(p.amount),
  recurrence: p.recurrence,
  isPublic: p.isPublic,
  stripePriceId: p.stripePriceId ?? "",
  aiMonthlyTokens: String(p.aiMonthlyTokens ?? 0),
  ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<PlanFlag, boolean>,
});

/** Plans admin (spec 3 §2): a form above a table; a saved change applies to its companies at once. */
export function PlansTab() {
  const { t } = useTranslation("backoffice");
  const me = useCurrentUser();
  const plans = useAdminPlans();
  const save = useSavePlan();
  const remove = useDeletePlan();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [d, setD] = useState<Draft>(blank);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  useBackofficeLive(me.companyId);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => (setD((p) => ({ ...p, [k]: v })), setError(null));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!d.name.trim()) return setError(t("plans.validation.name"));
    const nums = [d.users, d.connections, d.queues, d.amount, d.aiMonthlyTokens];
    if (nums.some((n) => n.trim() === "" || Number.isNaN(Number(n)) || Number(n) < 0)) {
      return setError(t("plans.validation.numbers"));
    }
    try {
      await save.mutateAsync({
        id: editingId ?? undefined,
        input: {
          ...d,
          name: d.name.trim(),
          users: Number(d.users),
          connections: Number(d.connections),
          queues: Number(d.queues),
          amount: Number(d.amount),
          aiMonthlyTokens: Number(d.aiMonthlyTokens),
          stripePriceId: d.stripePriceId.trim() || null,
        },
      });
      toastSuccess(t("toasts.done"));
      setEditingId(null);
      setD(blank());
    } catch (err) {
      toastError(
        err instanceof ApiError && (err.code === "ERR_CONFLICT" || err.code === "ERR_VALIDATION")
          ? t("plans.saveError")
          : err,
      );
    }
  };

  const columns: Column<AdminPlan>[] = [
    {
      key: "name",
      header: t("plans.fields.name"),
      cellClassName: "font-medium text-ink",
      cell: (p) => p.name,
    },
    { key: "limits", header: t("plans.limits"), cell: (p) => `${p.users} / ${p.connections} / ${p.queues}` },
    {
      key: "amount",
      header: t("plans.fields.amount"),
      cellClassName: "tabular-nums",
      cell: (p) => p.amount.toFixed(2),
    },
    {
      key: "recurrence",
      header: t("plans.fields.recurrence"),
      className: "hidden md:table-cell",
      cell: (p) => t(`recurrence.${p.recurrence}`, p.recurrence),
    },
    {
      key: "public",
      header: t("plans.fields.public"),
      className: "hidden md:table-cell",
      cell: (p) => <Badge tone={p.isPublic ? "success" : "neutral"}>{p.isPublic ? t("yes") : t("no")}</Badge>,
    },
    {
      key: "flags",
      header: t("plans.features"),
      className: "hidden lg:table-cell",
      cell: (p) => (
        <div className="flex max-w-md flex-wrap gap-1">
          {PLAN_FLAGS.filter((f) => p[f]).map((f) => <Badge key={f} tone="primary">{t(`flags.${f}`)}</Badge>)}
        </div>
      ),
    },
    {
      key: "actions",
      header: t("companies.table.actions"),
      headerClassName: "text-right",
      cell: (p) => (
        <RowActions
          edit={{
            label: t("actions.edit"),
            onClick: () => (setEditingId(p.id), setD(fromPlan(p)), setError(null)),
            testId: `plan-edit-${p.id}`,
          }}
          remove={p.id === 1
            ? undefined
            : { label: t("actions.delete"), onClick: () => setDeleting(p), testId: `plan-delete-${p.id}` }}
        />
      ),
    },
  ];

  return (
    <div className="mt-5 flex flex-col gap-5" data-testid="plans-tab">
      <Card>
        <CardHeader>
          <CardTitle>{editingId ? t("plans.editTitle") : t("plans.addTitle")}</CardTitle>
        </CardHeader>
        <CardBody>
          <form id="plan-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label={t("plans.fields.name")} htmlFor="plan-name" error={error} className="sm:col-span-2">
              <Input id="plan-name" value={d.name} onChange={(e) => set("name", e.target.value)} />
            </Field>
            <Field label={t("plans.fields.amount")} htmlFor="plan-amount">
              <Input
                id="plan-amount"
                inputMode="decimal"
                value={d.amount}
                onChange={(e) => set("amount", e.target.value)}
              />
            </Field>
            <Field label={t("plans.fields.recurrence")} htmlFor="plan-recurrence">
              <Select
                id="plan-recurrence"
                value={d.recurrence}
                onValueChange={(v) => set("recurrence", v)}
                options={["Day", ...RECURRENCES].map((r) => ({ value: r, label: t(`recurrence.${r}`) }))}
              />
            </Field>
            <Field label={t("plans.fields.users")} htmlFor="plan-users">
              <Input
                id="plan-users"
                inputMode="numeric"
                value={d.users}
                onChange={(e) => set("users", e.target.value)}
              />
            </Field>
            <Field label={t("plans.fields.connections")} htmlFor="plan-connections">
              <Input
                id="plan-connections"
                inputMode="numeric"
                value={d.connections}
                onChange={(e) => set("connections", e.target.value)}
              />
            </Field>
            <Field label={t("plans.fields.queues")} htmlFor="plan-queues">
              <Input
                id="plan-queues"
                inputMode="numeric"
                value={d.queues}
                onChange={(e) => set("queues", e.target.value)}
              />
            </Field>
            <Field label={t("plans.fields.aiMonthlyTokens")} htmlFor="plan-ai-tokens">
              <Input
                id="plan-ai-tokens"
                inputMode="numeric"
                value={d.aiMonthlyTokens}
                onChange={(e) => set("aiMonthlyTokens", e.target.value)}
              />
            </Field>
            <Field label={t("plans.fields.stripePriceId")} htmlFor="plan-stripe">
              <Input
                id="plan-stripe"
                value={d.stripePriceId}
                onChange={(e) => set("stripePriceId", e.target.value)}
              />
            </Field>
            <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2 lg:col-span-4 lg:grid-cols-4">
              {(["isPublic", ...PLAN_FLAGS] as const).map((f) => (
                <label key={f} className="flex items-center gap-2 text-sm text-ink" htmlFor={`plan-${f}`}>
                  <Switch
                    id={`plan-${f}`}
                    checked={d[f]}
                    onCheckedChange={(v) =>
                      set(f, v)}
                    data-testid={`plan-flag-${f}`}
                  />
                  {f === "isPublic" ? t("plans.fields.public") : t(`flags.${f}`)}
                </label>
              ))}
            </div>
            <div className="flex justify-end gap-2 sm:col-span-2 lg:col-span-4">
              {editingId && (
                <Button variant="secondary" onClick={() => (setEditingId(null), setD(blank()))}>
                  {t("common:actions.cancel")}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} data-testid="plan-save">
                {t("common:actions.save")}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Card className="overflow-hidden">
        <div className="overflow-x-auto">
          <DataTable
            columns={columns}
            rows={plans.data ?? []}
            loading={plans.isPending}
            rowKey={(p) => p.id}
            rowTestId={(p) => `plan-row-${p.id}`}
            testId="plans-table"
            emptyState={<EmptyState icon={<Layers />} title={t("plans.empty")} />}
          />
        </div>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("plans.confirmDelete", { name: deleting?.name ?? "" })}
        description={t("confirmDelete")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (!target) return;
          try {
            await remove.mutateAsync(target.id);
            toastSuccess(t("toasts.done"));
          } catch (err) {
            toastError(err, { fallbackKey: "backoffice:errors.delete" });
          }
        }}
      />
    </div>
  );
}
