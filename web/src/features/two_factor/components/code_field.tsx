import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";

/** A 6-digit code (or, where allowed, a recovery code). */
export function CodeField(
  { id, value, onChange, allowRecovery = false, autoFocus = true }: {
    id: string;
    value: string;
    onChange: (v: string) => void;
    allowRecovery?: boolean;
    autoFocus?: boolean;
  },
) {
  const { t } = useTranslation("twoFactor");
  return (
    <Field
      label={t("code.label")}
      htmlFor={id}
      hint={allowRecovery ? t("code.recoveryHint") : t("code.hint")}
    >
      <Input
        id={id}
        autoComplete="one-time-code"
        inputMode={allowRecovery ? "text" : "numeric"}
        autoFocus={autoFocus}
        maxLength={allowRecovery ? 20 : 6}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="123456"
        className="font-mono tracking-widest"
        data-testid="twofa-code"
      />
    </Field>
  );
}
