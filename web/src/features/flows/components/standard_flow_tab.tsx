import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Workflow } from "lucide-react";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { TabsContent, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { planAllows } from "../../../lib/permissions.ts";
import { useFlowOptions } from "../api/flows.ts";

type FlowIds = { flowIdWelcome?: number | null; flowIdNotPhrase?: number | null };

/**
 * The connection dialog's "standard flow" tab (spec 2 §2, only with the plan's integrations):
 * the welcome flow (a contact's first ticket on the connection) and the flow for returning
 * contacts whose message matches no phrase. The dialog places `trigger` in its tab list,
 * `content` among its panels, and spreads `payload` into what it saves.
 */
export function useStandardFlowTab(record: object | null | undefined, tab: string) {
  const connection = record as FlowIds | null | undefined;
  const { t } = useTranslation("flows");
  const allowed = planAllows(useCurrentUser(), "useIntegrations");
  const flows = useFlowOptions(allowed);
  const [v, setV] = useState({
    flowIdWelcome: connection?.flowIdWelcome ? String(connection.flowIdWelcome) : "none",
    flowIdNotPhrase: connection?.flowIdNotPhrase ? String(connection.flowIdNotPhrase) : "none",
  });
  const options = [
    { value: "none", label: t("standardFlow.none") },
    ...(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
  ];
  const toId = (s: string) => (s === "none" ? null : Number(s));
  const trigger: ReactNode = allowed && (
    <TabsTrigger value="standardFlow" data-testid="conn-tab-standard-flow">
      <Workflow />
      {t("standardFlow.tab")}
    </TabsTrigger>
  );
  const content: ReactNode = allowed && (
    <TabsContent value="standardFlow" forceMount hidden={tab !== "standardFlow"}>
      <div className="flex flex-col gap-4">
        <Field
          label={t("standardFlow.welcome")}
          htmlFor="conn-flow-welcome"
          hint={t("standardFlow.welcomeHint")}
        >
          <Select
            id="conn-flow-welcome"
            data-testid="conn-flow-welcome"
            value={v.flowIdWelcome}
            onValueChange={(x) =>
              setV((p) => ({ ...p, flowIdWelcome: x }))}
            options={options}
          />
        </Field>
        <Field
          label={t("standardFlow.notPhrase")}
          htmlFor="conn-flow-not-phrase"
          hint={t("standardFlow.notPhraseHint")}
        >
          <Select
            id="conn-flow-not-phrase"
            data-testid="conn-flow-not-phrase"
            value={v.flowIdNotPhrase}
            onValueChange={(x) =>
              setV((p) => ({ ...p, flowIdNotPhrase: x }))}
            options={options}
          />
        </Field>
      </div>
    </TabsContent>
  );
  const payload: FlowIds = allowed
    ? { flowIdWelcome: toId(v.flowIdWelcome), flowIdNotPhrase: toId(v.flowIdNotPhrase) }
    : {};
  return { trigger, content, payload };
}
