import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListOrdered, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useConnectionList } from "../../connections/index.ts";
import {
  type FlowCampaign,
  useDeleteFlowCampaign,
  useFlowCampaigns,
  useFlowCampaignsLive,
  useFlowOptions,
  useSaveFlowCampaign,
} from "../api/flows.ts";

/** /phrase-lists: phrase campaigns (name, status, edit, delete), filtered by the search box. */
export function PhraseListsScreen() {
  const { t } = useTranslation("flows");
  const query = useFlowCampaigns();
  useFlowCampaignsLive(useCurrentUser().companyId);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<FlowCampaign | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<FlowCampaign>(
    useDeleteFlowCampaign(),
    t,
    (c) => t("phrases.confirmDelete", { name: c?.name ?? "" }),
  );
  const s = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter((c) =>
    !s || c.name.toLowerCase().includes(s) || c.phrase.toLowerCase().includes(s)
  );
  const columns: Column<FlowCampaign>[] = [
    { key: "name", header: t("table.name"), cell: (c) => <span className="font-medium">{c.name}</span> },
    {
      key: "phrase",
      header: t("phrases.phrase"),
      cellClassName: "text-ink-muted",
      cell: (c) => <span className="line-clamp-1">{c.phrase}</span>,
    },
    {
      key: "status",
      header: t("table.status"),
      headerClassName: "w-28",
      cell: (c) => (
        <Badge tone={c.status ? "success" : "neutral"}>{c.status ? t("active") : t("inactive")}</Badge>
      ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (c) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => setEditing(c), testId: `phrase-edit-${c.id}` }}
          remove={{
            label: t("actions.delete"),
            onClick: () => deletion.request(c),
            testId: `phrase-delete-${c.id}`,
          }}
        />
      ),
    },
  ];
  return (
    <ListPage
      testId="phrase-lists-page"
      title={t("phrases.title")}
      list={{ count: query.data?.length, search, setSearch, onScroll: () => {} }}
      search={{ placeholder: t("search"), testId: "phrase-search" }}
      primaryAction={{
        label: t("phrases.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "phrase-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <CampaignDialog
          key={editing?.id ?? "new"}
          campaign={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        rows={rows}
        loading={query.isPending}
        error={query.isError}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={(c) => `phrase-row-${c.id}`}
        testId="phrase-table"
        emptyState={<ListEmptyState icon={<ListOrdered />} searching={!!s} t={(k) => t(`phrases.${k}`)} />}
      />
    </ListPage>
  );
}

/** Trigger name, flow, connection (optional: every connection), phrase and status (spec 3 §2, §5). */
function CampaignDialog({ campaign, onClose }: { campaign: FlowCampaign | null; onClose(): void }) {
  const { t } = useTranslation("flows");
  const flows = useFlowOptions();
  const connections = useConnectionList();
  const save = useSaveFlowCampaign();
  const [v, setV] = useState({
    name: campaign?.name ?? "",
    flowId: campaign?.flowId ? String(campaign.flowId) : "",
    whatsappId: campaign?.whatsappId ? String(campaign.whatsappId) : "all",
    phrase: campaign?.phrase ?? "",
    status: campaign?.status ?? true,
  });
  const [errors, setErrors] = useState<Record<string, boolean>>({});
  const set = (p: Partial<typeof v>) => setV((x) => ({ ...x, ...p }));
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = { name: !v.name.trim(), flowId: !v.flowId, phrase: !v.phrase.trim() };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save.mutateAsync({
        id: campaign?.id,
        input: {
          name: v.name.trim(),
          flowId: Number(v.flowId),
          whatsappId: v.whatsappId === "all" ? null : Number(v.whatsappId),
          phrase: v.phrase.trim(),
          status: v.status,
        },
      });
      toastSuccess(t("toasts.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  const required = t("validation.required");
  return (
    <FormDialog
      title={campaign ? t("phrases.editTitle") : t("phrases.addTitle")}
      onClose={onClose}
      formId="phrase-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="phrase-save"
    >
      <Field label={t("phrases.name")} htmlFor="phrase-name" error={errors.name ? required : null}>
        <Input
          id="phrase-name"
          value={v.name}
          onChange={(e) => set({ name: e.target.value })}
          aria-invalid={errors.name}
          autoFocus
        />
      </Field>
      <Field label={t("phrases.flow")} htmlFor="phrase-flow" error={errors.flowId ? required : null}>
        <Select
          id="phrase-flow"
          data-testid="phrase-flow"
          value={v.flowId || undefined}
          placeholder={t("fields.choose")}
          onValueChange={(x) => set({ flowId: x })}
          options={(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
        />
      </Field>
      <Field label={t("phrases.connection")} htmlFor="phrase-conn">
        <Select
          id="phrase-conn"
          data-testid="phrase-connection"
          value={v.whatsappId}
          onValueChange={(x) => set({ whatsappId: x })}
          options={[
            { value: "all", label: t("phrases.allConnections") },
            ...(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      </Field>
      <Field
        label={t("phrases.phrase")}
        htmlFor="phrase-phrase"
        error={errors.phrase ? required : null}
        hint={t("phrases.matchHint")}
      >
        <Input
          id="phrase-phrase"
          value={v.phrase}
          onChange={(e) => set({ phrase: e.target.value })}
          aria-invalid={errors.phrase}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm text-ink-muted">
        <Switch checked={v.status} onCheckedChange={(x) => set({ status: x })} data-testid="phrase-status" />
        {v.status ? t("active") : t("inactive")}
      </label>
    </FormDialog>
  );
}
