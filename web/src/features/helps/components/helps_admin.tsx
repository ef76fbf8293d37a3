import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleHelp } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type Help, useDeleteHelp, useHelps, useSaveHelp } from "../api/helps.ts";

/** The operator's help entries (spec 3 §2): a form plus a table (title, description, video code). */
export function HelpsAdmin() {
  const { t } = useTranslation("workspace");
  const { data = [], isPending } = useHelps();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const [editing, setEditing] = useState<Help | null>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [video, setVideo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Help | null>(null);
  const reset = () => (setEditing(null), setTitle(""), setDescription(""), setVideo(""), setError(null));
  const edit = (h: Help) => (
    setEditing(h),
      setTitle(h.title),
      setDescription(h.description ?? ""),
      setVideo(h.video ?? ""),
      setError(null)
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(t("helps.required"));
    try {
      await save.mutateAsync({
        id: editing?.id,
        input: { title: title.trim(), description: description.trim() || null, video: video.trim() || null },
      });
      toastSuccess(t("helps.saved"));
      reset();
    } catch (err) {
      toastError(err, { fallbackKey: "workspace:helps.saveError" });
    }
  };
  const columns: Column<Help>[] = [
    {
      key: "title",
      header: t("helps.fieldTitle"),
      cell: (h) => <span className="font-medium">{h.title}</span>,
    },
    {
      key: "description",
      header: t("helps.fieldDescription"),
      headerClassName: "hidden md:table-cell",
      cellClassName: "hidden md:table-cell max-w-80 truncate text-ink-muted",
      cell: (h) => h.description,
    },
    { key: "video", header: t("helps.fieldVideo"), cellClassName: "font-mono text-xs", cell: (h) => h.video },
    {
      key: "actions",
      header: t("helps.actions"),
      headerClassName: "text-right",
      cell: (h) => (
        <RowActions
          edit={{ label: t("helps.edit"), onClick: () => edit(h), testId: `help-edit-${h.id}` }}
          remove={{ label: t("helps.delete"), onClick: () => setDeleting(h), testId: `help-delete-${h.id}` }}
        />
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-5" data-testid="helps-admin">
      <Card className="p-5">
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" data-testid="help-form">
          <Field label={t("helps.fieldTitle")} htmlFor="help-title" error={error}>
            <Input
              id="help-title"
              value={title}
              onChange={(e) => (setTitle(e.target.value), setError(null))}
            />
          </Field>
          <Field label={t("helps.fieldVideo")} htmlFor="help-video" hint={t("helps.videoHint")}>
            <Input id="help-video" value={video} onChange={(e) => setVideo(e.target.value)} />
          </Field>
          <Field label={t("helps.fieldDescription")} htmlFor="help-description" className="md:col-span-2">
            <Textarea
              id="help-description"
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2 md:col-span-2">
            {editing && <Button variant="secondary" onClick={reset}>{t("helps.cancel")}</Button>}
            <Button type="submit" loading={save.isPending} data-testid="help-save">
              {editing ? t("helps.update") : t("helps.add")}
            </Button>
          </div>
        </form>
      </Card>
      <DataTable
        rows={data}
        loading={isPending}
        columns={columns}
        rowKey={(h) => h.id}
        rowTestId={(h) => `help-row-${h.id}`}
        testId="helps-table"
        emptyState={
          <EmptyState
            icon={<CircleHelp />}
            title={t("helps.empty")}
            description={t("helps.adminEmptyHint")}
          />
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("helps.confirmDelete", { title: deleting?.title ?? "" })}
        description={t("chats.deleteMessage")}
        confirmLabel={t("helps.delete")}
        cancelLabel={t("helps.cancel")}
        loading={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            toastSuccess(t("helps.deleted"));
          } catch (err) {
            toastError(err);
          } finally {
            setDeleting(null);
          }
        }}
      />
    </div>
  );
}
