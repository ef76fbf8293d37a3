import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Bot, Brain, GitBranch, Plus, Webhook, Workflow } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Integration,
  type IntegrationType,
  useDeleteIntegration,
  useIntegrations,
  useIntegrationsLive,
} from "../api/integrations.ts";
import { IntegrationModal } from "./integration_modal.tsx";

const LOGOS: Record<IntegrationType, { icon: typeof Bot; className: string }> = {
  typebot: { icon: Bot, className: "bg-sky-500/15 text-sky-600" },
  n8n: { icon: Workflow, className: "bg-rose-500/15 text-rose-600" },
  webhook: { icon: Webhook, className: "bg-violet-500/15 text-violet-600" },
  dialogflow: { icon: Brain, className: "bg-amber-500/15 text-amber-600" },
  flowbuilder: { icon: GitBranch, className: "bg-emerald-500/15 text-emerald-600" },
};

export function IntegrationLogo({ type }: { type: IntegrationType }) {
  const { t } = useTranslation("integrations");
  const { icon: Icon, className } = LOGOS[type] ?? LOGOS.webhook;
  return (
    <span className="flex items-center gap-2">
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${className}`}
        title={t(`types.${type}`)}
      >
        <Icon className="size-4" />
      </span>
      <span className="hidden text-sm text-ink-muted sm:inline">{t(`types.${type}`)}</span>
    </span>
  );
}

/** /queue-integration (admin, plan useIntegrations): logo by type, id, name, edit, delete; search; add. */
export function IntegrationsScreen() {
  const { t } = useTranslation("integrations");
  const me = useCurrentUser();
  const list = useInfiniteList(useIntegrations, (p) => p.queueIntegrations);
  const [editing, setEditing] = useState<Integration | null | undefined>(undefined);
  const nt = (k: string) => (k.includes(":") ? t(k) : t(`integrations.${k}`));
  const deletion = useDeleteConfirmation<Integration>(
    useDeleteIntegration(),
    nt,
    (i) => t("integrations.confirmDelete.title", { name: i?.name ?? "" }),
  );
  useIntegrationsLive(me.companyId);
  const columns: Column<Integration>[] = [
    { key: "type", header: t("integrations.type"), cell: (i) => <IntegrationLogo type={i.type} /> },
    {
      key: "id",
      header: "ID",
      headerClassName: "hidden sm:table-cell",
      cellClassName: "hidden tabular-nums text-ink-muted sm:table-cell",
      cell: (i) => i.id,
    },
    {
      key: "name",
      header: t("integrations.name"),
      cell: (i) => <span className="font-medium">{i.name}</span>,
    },
    {
      key: "actions",
      header: t("integrations.actionsHeader"),
      headerClassName: "text-right",
      cell: (i) => (
        <RowActions
          edit={{
            label: t("integrations.edit"),
            onClick: () => setEditing(i),
            testId: `integration-edit-${i.id}`,
          }}
          remove={{
            label: t("integrations.actions.delete"),
            onClick: () => deletion.request(i),
            testId: `integration-delete-${i.id}`,
          }}
        />
      ),
    },
  ];
  return (
    <ListPage
      testId="page-queueIntegration"
      title={t("integrations.title")}
      description={t("integrations.description")}
      list={list}
      search={{ placeholder: t("integrations.search"), testId: "integrations-search" }}
      primaryAction={{
        label: t("integrations.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "integration-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <IntegrationModal
          key={editing?.id ?? "new"}
          integration={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(i) => i.id}
        rowTestId={(i) => `integration-row-${i.id}`}
        testId="integrations-table"
        emptyState={<ListEmptyState icon={<Bot />} searching={!!list.debounced} t={nt} />}
      />
    </ListPage>
  );
}
