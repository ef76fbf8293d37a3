import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Copy, GitBranch, Pencil, Plus, Workflow } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { IconAction, RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Flow,
  useDeleteFlow,
  useDuplicateFlow,
  useFlows,
  useFlowsLive,
  useSaveFlowName,
} from "../api/flows.ts";

/** /flowbuilders: name, status (Activo / Desactivado), rename, edit, duplicate, delete (spec 3 §2). */
export function FlowsScreen() {
  const { t } = useTranslation("flows");
  const list = useInfiniteList(useFlows, (p) => p.flows);
  useFlowsLive(useCurrentUser().companyId);
  const navigate = useNavigate();
  const duplicate = useDuplicateFlow();
  const [naming, setNaming] = useState<Flow | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<Flow>(
    useDeleteFlow(),
    t,
    (f) => t("confirmDelete.title", { name: f?.name ?? "" }),
  );

  const columns: Column<Flow>[] = [
    {
      key: "name",
      header: t("table.name"),
      cell: (f) => (
        <Link
          to={`/flowbuilder/${f.id}`}
          className="font-medium text-ink hover:text-primary hover:underline"
          data-testid={`flow-open-${f.id}`}
        >
          {f.name}
        </Link>
      ),
    },
    {
      key: "status",
      header: t("table.status"),
      headerClassName: "w-32",
      cell: (f) => (
        <Badge tone={f.active ? "success" : "neutral"}>{f.active ? t("active") : t("inactive")}</Badge>
      ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (f) => (
        <RowActions
          remove={{
            label: t("actions.delete"),
            onClick: () => deletion.request(f),
            testId: `flow-delete-${f.id}`,
          }}
        >
          <IconAction
            label={t("actions.rename")}
            icon={<Pencil className="size-4" />}
            onClick={() => setNaming(f)}
            testId={`flow-rename-${f.id}`}
          />
          <IconAction
            label={t("actions.edit")}
            icon={<Workflow className="size-4" />}
            onClick={() => navigate(`/flowbuilder/${f.id}`)}
            testId={`flow-edit-${f.id}`}
          />
          <IconAction
            label={t("actions.duplicate")}
            icon={<Copy className="size-4" />}
            testId={`flow-duplicate-${f.id}`}
            onClick={() =>
              duplicate.mutateAsync(f.id).then(() => toastSuccess(t("toasts.duplicated")), (e) =>
                toastError(e))}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="flows-page"
      title={t("title")}
      list={list}
      search={{ placeholder: t("search"), testId: "flows-search" }}
      primaryAction={{
        label: t("add"),
        icon: <Plus className="size-4" />,
        onClick: () => setNaming(null),
        testId: "flow-add",
      }}
      confirm={deletion.dialog}
      dialogs={naming !== undefined && (
        <FlowNameDialog
          flow={naming}
          onClose={() => setNaming(undefined)}
          onCreated={(f) => navigate(`/flowbuilder/${f.id}`)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(f) => f.id}
        rowTestId={(f) => `flow-row-${f.id}`}
        testId="flows-table"
        emptyState={<ListEmptyState icon={<GitBranch />} searching={!!list.debounced} t={t} />}
      />
    </ListPage>
  );
}

/** Name of a flow: 2 to 50 characters (spec 3 §5). */
function FlowNameDialog(
  { flow, onClose, onCreated }: { flow: Flow | null; onClose(): void; onCreated(f: Flow): void },
) {
  const { t } = useTranslation("flows");
  const save = useSaveFlowName();
  const [name, setName] = useState(flow?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const n = name.trim();
    if (!n) return setError(t("validation.required"));
    if (n.length < 2) return setError(t("validation.tooShort"));
    if (n.length > 50) return setError(t("validation.tooLong"));
    try {
      const saved = await save.mutateAsync({ id: flow?.id, name: n });
      toastSuccess(t("toasts.saved"));
      onClose();
      if (!flow) onCreated(saved);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={flow ? t("modal.renameTitle") : t("modal.addTitle")}
      onClose={onClose}
      formId="flow-name-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="flow-name-save"
    >
      <Field label={t("fields.name")} htmlFor="flow-name" error={error}>
        <Input
          id="flow-name"
          value={name}
          maxLength={60}
          onChange={(e) => (setName(e.target.value), setError(null))}
          aria-invalid={!!error}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
