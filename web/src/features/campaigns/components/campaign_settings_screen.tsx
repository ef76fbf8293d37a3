import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type Setting, useCampaignSettings, useSaveCampaignSettings } from "../api/campaigns.ts";

/** Spec 3 §9 options (seconds / messages). */
const MESSAGE_INTERVALS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120];
const LONGER_AFTER = [0, 5, 10, 15, 20, 30, 40, 50, 60];
const GREATER = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)];

type Values = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  startHour: string;
  endHour: string;
  sabado: boolean;
  domingo: boolean;
  variables: { key: string; value: string }[];
};

/** /campaigns-config: pacing, sending hours and days, custom variables. */
export function CampaignSettingsScreen() {
  const { data } = useCampaignSettings();
  if (!data) return <PageSpinner />;
  return <SettingsForm initial={data} />;
}

function SettingsForm({ initial }: { initial: Setting[] }) {
  const { t } = useTranslation("campaigns");
  const save = useSaveCampaignSettings();
  const [v, setV] = useState<Values>(() =>
    Object.fromEntries(initial.map((s) => [s.key, s.value])) as Values
  );
  const seconds = (list: number[], current: number) =>
    [...new Set([...list, current])].sort((a, b) => a - b).map((n) => ({
      value: String(n),
      label: t("settings.seconds", { n }),
    }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ ...v, variables: v.variables.filter((x) => x.key.trim()) });
      toastSuccess(t("settings.saved"));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="flex flex-col gap-6" data-testid="campaign-settings-page">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <form onSubmit={submit} className="flex flex-col gap-6">
        <Card>
          <CardBody className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <Field label={t("settings.messageInterval")} htmlFor="s-mi">
              <Select
                id="s-mi"
                value={String(v.messageInterval)}
                onValueChange={(x) => setV({ ...v, messageInterval: Number(x) })}
                options={seconds(MESSAGE_INTERVALS, v.messageInterval)}
              />
            </Field>
            <Field label={t("settings.longerIntervalAfter")} htmlFor="s-la">
              <Select
                id="s-la"
                value={String(v.longerIntervalAfter)}
                onValueChange={(x) => setV({ ...v, longerIntervalAfter: Number(x) })}
                options={[...new Set([...LONGER_AFTER, v.longerIntervalAfter])].sort((a, b) => a - b)
                  .map((n) => ({ value: String(n), label: t("settings.messages", { n }) }))}
              />
            </Field>
            <Field label={t("settings.greaterInterval")} htmlFor="s-gi">
              <Select
                id="s-gi"
                value={String(v.greaterInterval)}
                onValueChange={(x) => setV({ ...v, greaterInterval: Number(x) })}
                options={seconds(GREATER, v.greaterInterval)}
              />
            </Field>
            <Field label={t("settings.startHour")} htmlFor="s-start">
              <Input
                id="s-start"
                type="time"
                value={v.startHour}
                onChange={(e) => setV({ ...v, startHour: e.target.value })}
              />
            </Field>
            <Field label={t("settings.endHour")} htmlFor="s-end">
              <Input
                id="s-end"
                type="time"
                value={v.endHour}
                onChange={(e) => setV({ ...v, endHour: e.target.value })}
              />
            </Field>
            <div className="flex flex-col justify-end gap-3 pb-1">
              <label className="flex items-center gap-3 text-sm">
                <Switch
                  checked={v.sabado}
                  onCheckedChange={(x) => setV({ ...v, sabado: x })}
                  data-testid="s-sabado"
                />
                {t("settings.sabado")}
              </label>
              <label className="flex items-center gap-3 text-sm">
                <Switch checked={v.domingo} onCheckedChange={(x) => setV({ ...v, domingo: x })} />
                {t("settings.domingo")}
              </label>
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardBody className="flex flex-col gap-3">
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-semibold">{t("settings.variables")}</h2>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => setV({ ...v, variables: [...v.variables, { key: "", value: "" }] })}
              >
                <Plus className="size-4" />
                {t("settings.addVariable")}
              </Button>
            </div>
            <p className="text-xs text-ink-subtle">{t("settings.variablesHint")}</p>
            {v.variables.map((x, i) => (
              <div key={i} className="flex gap-2">
                <Input
                  aria-label={t("settings.key")}
                  placeholder={t("settings.key")}
                  value={x.key}
                  onChange={(e) =>
                    setV({
                      ...v,
                      variables: v.variables.map((y, j) => (j === i ? { ...y, key: e.target.value } : y)),
                    })}
                  className="max-w-48"
                />
                <Input
                  aria-label={t("settings.value")}
                  placeholder={t("settings.value")}
                  value={x.value}
                  onChange={(e) =>
                    setV({
                      ...v,
                      variables: v.variables.map((y, j) => (j === i ? { ...y, value: e.target.value } : y)),
                    })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("common.delete")}
                  onClick={() => setV({ ...v, variables: v.variables.filter((_, j) => j !== i) })}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            ))}
          </CardBody>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t("common.save")}
          </Button>
        </div>
      </form>
    </div>
  );
}
