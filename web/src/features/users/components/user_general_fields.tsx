import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useConnectionOptions, useQueues } from "../api/users.ts";
import { QueuePicker } from "./queue_picker.tsx";
import { NO_CONNECTION, type UserFormValues } from "./user_form.ts";

/** The fields picked from a fixed list of choices, each labelled by a key of this namespace. */
type ChoiceKey = "profile" | "defaultTheme" | "defaultMenu";

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
  const choice = <K extends ChoiceKey>(
    key: K,
    id: string,
    label: string,
    choices: [UserFormValues[K], string][],
    testId?: string,
  ) => (
    <Field label={t(label)} htmlFor={id}>
      <Select
        id={id}
        data-testid={testId}
        value={values[key]}
        onValueChange={(v) => set(key, v as UserFormValues[K])}
        options={choices.map(([value, option]) => ({ value, label: t(option) }))}
      />
    </Field>
  );
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
      {asAdmin &&
        choice("profile", "user-profile", "form.profile", [["admin", "profiles.admin"], [
          "user",
          "profiles.user",
        ]], "user-profile-select")}
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
      {choice("defaultTheme", "user-theme", "form.theme", [["light", "form.themeLight"], [
        "dark",
        "form.themeDark",
      ]])}
      {choice("defaultMenu", "user-menu", "form.menu", [["open", "form.menuOpen"], [
        "closed",
        "form.menuClosed",
      ]])}
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
