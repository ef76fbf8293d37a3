import { useTranslation } from "react-i18next";
import { Switch } from "../../../components/ui/switch.tsx";
import { PERMISSION_FLAGS, type UserFormValues } from "./user_form.ts";

type Props = {
  values: UserFormValues;
  set: <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => void;
};

function Row({ id, label, hint, checked, onChange }: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-6 py-3.5">
      <label htmlFor={id} className="flex cursor-pointer flex-col gap-0.5">
        <span className="text-sm font-medium text-ink">{label}</span>
        <span className="text-[13px] text-ink-muted">{hint}</span>
      </label>
      <Switch id={id} data-testid={id} checked={checked} onCheckedChange={onChange} className="mt-0.5" />
    </div>
  );
}

/** The Permissions tab (admin editors only). */
export function UserPermissionsFields({ values, set }: Props) {
  const { t } = useTranslation("users");
  return (
    <div className="divide-y divide-line">
      <Row
        id="perm-allowGroup"
        label={t("permissions.allowGroup")}
        hint={t("permissions.allowGroupHint")}
        checked={values.allowGroup}
        onChange={(on) => set("allowGroup", on)}
      />
      {PERMISSION_FLAGS.map((flag) => (
        <Row
          key={flag}
          id={`perm-${flag}`}
          label={t(`permissions.${flag}`)}
          hint={t(`permissions.${flag}Hint`)}
          checked={values[flag] === "enabled"}
          onChange={(on) => set(flag, on ? "enabled" : "disabled")}
        />
      ))}
    </div>
  );
}
