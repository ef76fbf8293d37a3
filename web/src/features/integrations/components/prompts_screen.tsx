import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Sparkles } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { type Prompt, useDeletePrompt, useIntegrationsLive, usePrompts } from "../api/integrations.ts";
import { PromptModal } from "./prompt_modal.tsx";

/** /prompts (admin, plan useOpenAi): name, queue, max tokens, actions; add/edit dialog; live. */
export function PromptsScreen() {
  const { t } = useTranslation("integrations");
  const me = useCurrentUser();
  const list = useInfiniteList(usePrompts, (p) => p.prompts);
  const [editing, setEditing] = useState<Prompt | null | undefined>(undefined);
  const nt = (k: string) => (k.includes(":") ? t(k) : t(`prompts.${k}`));
  const deletion = useDeleteConfirmation<Prompt>(
    useDeletePrompt(),
    nt,
    (p) => t("prompts.confirmDelete.title", { name: p?.name ?? "" }),
  );
  useIntegrationsLive(me.companyId);
  const columns: Column<Prompt>[] = [
    { key: "name", header: t("prompts.name"), cell: (p) => <span className="font-medium">{p.name}</span> },
    {
      key: "queue",
      header: t("prompts.queue"),
      cell: (p) => p.queue?.name ?? "—",
      cellClassName: "text-ink-muted",
    },
    {
      key: "maxTokens",
      header: t("prompts.maxTokens"),
      cellClassName: "tabular-nums text-ink-muted",
      cell: (p) => p.maxTokens,
    },
    {
      key: "actions",
      header: t("prompts.actionsHeader"),
      headerClassName: "text-right",
      cell: (p) => (
        <RowActions
          edit={{ label: t("prompts.edit"), onClick: () => setEditing(p), testId: `prompt-edit-${p.id}` }}
          remove={{
            label: t("prompts.actions.delete"),
            onClick: () => deletion.request(p),
            testId: `prompt-delete-${p.id}`,
          }}
        />
      ),
    },
  ];
  return (
    <ListPage
      testId="page-prompts"
      title={t("prompts.title")}
      description={t("prompts.description")}
      list={list}
      search={{ placeholder: t("prompts.search"), testId: "prompts-search" }}
      primaryAction={{
        label: t("prompts.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "prompt-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <PromptModal
          key={editing?.id ?? "new"}
          prompt={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId={(p) => `prompt-row-${p.id}`}
        testId="prompts-table"
        emptyState={<ListEmptyState icon={<Sparkles />} searching={!!list.debounced} t={nt} />}
      />
    </ListPage>
  );
}
