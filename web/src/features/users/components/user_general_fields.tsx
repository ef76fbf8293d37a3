import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useConnectionOptions, useQueues } from "../api/users.ts";
import { QueuePicker } from "./queue_picker.tsx";
import { NO_CONNECTION, type UserFormValues } from "./user_form.ts";

type Props = {
  values: UserFormValues;
  errors: Record<string, string>;
  set: <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => void;
  asAdmin: boolean;
  isNew: boolean;
};

export function UserGeneralFields({ values, errors, set, asAdmin, isNew }: Props) {
  const { t } = useTranslation("users");
  const { data: queues = [] } = useQueues(asAdmin);
  const { data: connections = [] } = useConnectionOptions(asAdmin);
  const err = (k: string) => (errors[k] ? t(errors[k]) : null);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t("form.name")} htmlFor="user-name" error={err("name")}>
        <Input id="user-name" value={values.name} onChange={(e) => set("name", e.target.value)} autoFocus />
      </Field>
      <Field label={t("form.email")} htmlFor="user-email" error={err("email")}>
        <Input
          id="user-email"
          type="email"
          value={values.email}
          onChange={(e) => set("email", e.target.value)}
        />
      </Field>
      <Field
        label={t("form.password")}
        htmlFor="user-password"
        error={err("password")}
        hint={isNew ? undefined : t("form.passwordHint")}
      >
        <PasswordInput
          id="user-password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set("password", e.target.value)}
        />
      </Field>
      {asAdmin && (
        <Field label={t("form.profile")} htmlFor="user-profile">
          <Select
            id="user-profile"
            data-testid="user-profile-select"
            value={values.profile}
            onValueChange={(v) => set("profile", v as UserFormValues["profile"])}
            options={[{ value: "admin", label: t("profiles.admin") }, {
              value: "user",
              label: t("profiles.user"),
            }]}
          />
        </Field>
      )}
      {asAdmin && (
        <Field label={t("form.queues")} htmlFor="user-queues" className="sm:col-span-2">
          <QueuePicker
            id="user-queues"
            queues={queues}
            value={values.queueIds}
            onChange={(v) => set("queueIds", v)}
          />
        </Field>
      )}
      {asAdmin && (
        <Field label={t("form.defaultConnection")} htmlFor="user-connection">
          <Select
            id="user-connection"
            value={values.whatsappId}
            onValueChange={(v) => set("whatsappId", v)}
            options={[
              { value: NO_CONNECTION, label: t("form.noConnection") },
              ...connections.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        </Field>
      )}
      {asAdmin && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("form.startWork")} htmlFor="user-start">
            <Input
              id="user-start"
              type="time"
              value={values.startWork}
              onChange={(e) => set("startWork", e.target.value)}
            />
          </Field>
          <Field label={t("form.endWork")} htmlFor="user-end" error={err("endWork")}>
            <Input
              id="user-end"
              type="time"
              value={values.endWork}
              onChange={(e) => set("endWork", e.target.value)}
            />
          </Field>
        </div>
      )}
      <Field label={t("form.theme")} htmlFor="user-theme">
        <Select
          id="user-theme"
          value={values.defaultTheme}
          onValueChange={(v) => set("defaultTheme", v as UserFormValues["defaultTheme"])}
          options={[{ value: "light", label: t("form.themeLight") }, {
            value: "dark",
            label: t("form.themeDark"),
          }]}
        />
      </Field>
      <Field label={t("form.menu")} htmlFor="user-menu">
        <Select
          id="user-menu"
          value={values.defaultMenu}
          onValueChange={(v) => set("defaultMenu", v as UserFormValues["defaultMenu"])}
          options={[{ value: "open", label: t("form.menuOpen") }, {
            value: "closed",
            label: t("form.menuClosed"),
          }]}
        />
      </Field>
      <Field label={t("form.farewellMessage")} htmlFor="user-farewell" className="sm:col-span-2">
        <Textarea
          id="user-farewell"
          rows={3}
          value={values.farewellMessage}
          onChange={(e) => set("farewellMessage", e.target.value)}
          placeholder={t("form.farewellPlaceholder")}
        />
      </Field>
    </div>
  );
}
