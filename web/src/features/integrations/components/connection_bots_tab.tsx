/**
 * The connection editor's integrations tab (spec 2 §2): the AI prompt (plan useOpenAi) and the
 * integration (plan useIntegrations) that take the connection's queue-less conversations first.
 */
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin, planAllows } from "../../../lib/permissions.ts";
import { useIntegrationOptions, usePromptOptions } from "../api/integrations.ts";

export type ConnectionBots = { promptId: number | null; integrationId: number | null };
const NONE = "none";

export const botsFrom = (c: unknown): ConnectionBots => {
  const r = (c ?? {}) as Partial<ConnectionBots>;
  return { promptId: r.promptId ?? null, integrationId: r.integrationId ?? null };
};

/** Which of the two selectors this user may fill (admins, per plan flag). */
export function useBotsAccess() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  return {
    prompts: admin && planAllows(user, "useOpenAi"),
    integrations: admin && planAllows(user, "useIntegrations"),
  };
}

/** Only the fields the user may set, so a save never clears what another role cannot see. */
export function botsPayload(v: ConnectionBots, access: { prompts: boolean; integrations: boolean }) {
  return {
    ...(access.prompts ? { promptId: v.promptId } : {}),
    ...(access.integrations ? { integrationId: v.integrationId } : {}),
  };
}

export function ConnectionBotsTab(
  { value, onChange }: { value: ConnectionBots; onChange: (v: ConnectionBots) => void },
) {
  const { t } = useTranslation("integrations");
  const access = useBotsAccess();
  const prompts = usePromptOptions(access.prompts).data?.prompts ?? [];
  const integrations = (useIntegrationOptions(access.integrations).data ?? []).filter((i) =>
    i.type !== "flowbuilder"
  );
  const pick = (x: string) => (x === NONE ? null : Number(x));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{t("connection.hint")}</p>
      {access.prompts && (
        <Field
          label={t("connection.prompt")}
          htmlFor="conn-prompt"
          hint={prompts.length ? undefined : t("connection.noPrompts")}
        >
          <Select
            id="conn-prompt"
            data-testid="conn-prompt"
            value={value.promptId ? String(value.promptId) : NONE}
            onValueChange={(x) => onChange({ ...value, promptId: pick(x) })}
            options={[
              { value: NONE, label: t("none") },
              ...prompts.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
        </Field>
      )}
      {access.integrations && (
        <Field
          label={t("connection.integration")}
          htmlFor="conn-integration"
          hint={integrations.length ? undefined : t("connection.noIntegrations")}
        >
          <Select
            id="conn-integration"
            data-testid="conn-integration"
            value={value.integrationId ? String(value.integrationId) : NONE}
            onValueChange={(x) => onChange({ ...value, integrationId: pick(x) })}
            options={[
              { value: NONE, label: t("none") },
              ...integrations.map((i) => ({
                value: String(i.id),
                label: `${i.name} · ${t(`types.${i.type}`)}`,
              })),
            ]}
          />
        </Field>
      )}
    </div>
  );
}
