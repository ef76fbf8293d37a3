/** The connection form's field helpers (labelled inputs, switch rows), shared by its field groups. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { ConnectionFormValues } from "./connection_form.ts";
import type { FieldsProps } from "./connection_form.ts";

type Key = keyof ConnectionFormValues;

export function useFieldHelpers({ values, errors, set }: FieldsProps) {
  const { t } = useTranslation("connections");
  const err = (k: Key) => (errors[k] ? t(errors[k]!) : null);
  const text = (k: Key, opts: { type?: string; placeholder?: string; testId?: string } = {}) => (
    <Input
      id={`conn-${k}`}
      type={opts.type ?? "text"}
      value={values[k] as string}
      placeholder={opts.placeholder}
      aria-invalid={!!errors[k]}
      data-testid={opts.testId}
      onChange={(e) => set(k, e.target.value as never)}
    />
  );
  const area = (k: Key, rows = 3) => (
    <Textarea
      id={`conn-${k}`}
      rows={rows}
      value={values[k] as string}
      aria-invalid={!!errors[k]}
      onChange={(e) => set(k, e.target.value as never)}
    />
  );
  const field = (k: Key, control: ReactNode, hint?: string, className?: string) => (
    <Field label={t(`form.${k}`)} htmlFor={`conn-${k}`} error={err(k)} hint={hint} className={className}>
      {control}
    </Field>
  );
  return { t, text, area, field };
}

export function SwitchRow(
  { id, label, hint, checked, onChange }: {
    id: string;
    label: string;
    hint?: string;
    checked: boolean;
    onChange: (v: boolean) => void;
  },
) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-line px-4 py-3"
    >
      <span className="flex flex-col">
        <span className="text-sm font-medium text-ink">{label}</span>
        {hint && <span className="text-xs text-ink-subtle">{hint}</span>}
      </span>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </label>
  );
}
