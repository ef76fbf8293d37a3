/**
 * Edits one retention rule, a plan's or a company's. Empty fields: keep for ever (a plan) or as the
 * plan says (a company); the company form shows what its plan says beside each field.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type RetentionRule, useSaveRule } from "../api/retention.ts";

type Props = {
  target: "plans" | "companies";
  id: number;
  name: string;
  rule: RetentionRule | null;
  onClose: () => void;
};

const num = (s: string) => s.trim() === "" ? null : Math.max(1, Math.floor(Number(s)));

export function RuleDialog({ target, id, name, rule, onClose }: Props) {
  const { t } = useTranslation("backoffice");
  const save = useSaveRule();
  const [months, setMonths] = useState(rule?.messagesMonths?.toString() ?? "");
  // A plan's null means the whole message; a company's, as its plan says.
  const [mediaOnly, setMediaOnly] = useState(
    rule?.mediaOnly === null || rule?.mediaOnly === undefined
      ? (target === "plans" ? "false" : "inherit")
      : String(rule.mediaOnly),
  );
  const [closedDays, setClosedDays] = useState(rule?.closedMediaDays?.toString() ?? "");
  const [auditDays, setAuditDays] = useState(rule?.auditDays?.toString() ?? "");
  const empty = t("retention.emptyHint", {
    what: target === "plans" ? t("retention.forever") : t("retention.asPlan"),
  });
  const submit = () =>
    save.mutate({
      target,
      id,
      rule: {
        messagesMonths: num(months),
        mediaOnly: mediaOnly === "inherit" ? null : mediaOnly === "true",
        closedMediaDays: num(closedDays),
        auditDays: num(auditDays),
      },
    }, {
      onSuccess: () => {
        toastSuccess(t("retention.saved"));
        onClose();
      },
      onError: (err) => toastError(err),
    });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("retention.editTitle", { name })}
      description={t("retention.editHint")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={save.isPending} data-testid="retention-save">
            {t("common:actions.save")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="retention-dialog">
        <Field label={t("retention.fields.messagesMonths")} htmlFor="r-months" hint={empty}>
          <Input
            id="r-months"
            type="number"
            min={1}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
          />
        </Field>
        <Field label={t("retention.fields.mediaOnly")} htmlFor="r-media-only">
          <Select
            id="r-media-only"
            value={mediaOnly}
            onValueChange={setMediaOnly}
            options={[
              ...(target === "companies" ? [{ value: "inherit", label: t("retention.asPlan") }] : []),
              { value: "false", label: t("retention.whole") },
              { value: "true", label: t("retention.mediaOnly") },
            ]}
          />
        </Field>
        <Field label={t("retention.fields.closedMediaDays")} htmlFor="r-closed" hint={empty}>
          <Input
            id="r-closed"
            type="number"
            min={1}
            value={closedDays}
            onChange={(e) => setClosedDays(e.target.value)}
          />
        </Field>
        <Field label={t("retention.fields.auditDays")} htmlFor="r-audit" hint={empty}>
          <Input
            id="r-audit"
            type="number"
            min={1}
            value={auditDays}
            onChange={(e) => setAuditDays(e.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}
