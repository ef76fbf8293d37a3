import { type UIEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil, Plus, Search, Tags, Trash2, Users } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner, Spinner } from "../../../components/ui/spinner.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import { type Tag, useDeleteTag, useTags, useTagsLive } from "../api/tags.ts";
import { TagContactsDialog } from "./tag_contacts_dialog.tsx";
import { TagModal } from "./tag_modal.tsx";

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";

/** /tags: id, name chip, contact count (opens the contacts), edit and delete. */
export function TagsScreen() {
  const { t } = useTranslation("tags");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const query = useTags(debounced);
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  useTagsLive(me.companyId);
  const tags = query.data?.pages.flatMap((p) => p.tags) ?? [];
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < 100 && query.hasNextPage && !query.isFetchingNextPage
    ) {
      query.fetchNextPage();
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(t("toasts.deleted"));
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(null);
    }
  };
  return (
    <div className="flex flex-col gap-6" data-testid="tags-page">
      <PageHeader
        title={t("title")}
        count={query.data?.pages[0]?.count}
        description={t("description")}
        actions={
          <>
            <div className="relative w-full sm:w-64">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t("search")}
                aria-label={t("search")}
                className="pl-9"
                data-testid="tags-search"
              />
            </div>
            <Button onClick={() => setEditing(null)} data-testid="tag-add">
              <Plus className="size-4" />
              {t("add")}
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto" onScroll={onScroll}>
          {query.isPending ? <PageSpinner /> : tags.length === 0
            ? (
              <EmptyState
                icon={<Tags />}
                title={debounced ? t("noResults") : t("empty")}
                description={t("emptyHint")}
              />
            )
            : (
              <table className="w-full border-separate border-spacing-0 text-sm" data-testid="tags-table">
                <thead>
                  <tr>
                    <th className={`${th} w-20`}>{t("table.id")}</th>
                    <th className={th}>{t("table.name")}</th>
                    <th className={th}>{t("table.contacts")}</th>
                    <th className={`${th} text-right`}>{t("table.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {tags.map((tag) => (
                    <tr key={tag.id} data-testid={`tag-row-${tag.id}`} className="hover:bg-surface-2/60">
                      <td className="border-b border-line px-4 py-3 text-ink-subtle tabular-nums">
                        {tag.id}
                      </td>
                      <td className="border-b border-line px-4 py-3">
                        <span
                          className="rounded-md px-2 py-0.5 text-xs font-semibold text-white"
                          style={{ backgroundColor: tag.color }}
                        >
                          {tag.name}
                        </span>
                      </td>
                      <td className="border-b border-line px-4 py-3">
                        <Button
                          variant="secondary"
                          size="sm"
                          data-testid={`tag-contacts-${tag.id}`}
                          onClick={() =>
                            setViewing(tag.id)}
                        >
                          <Users className="size-3.5" />
                          {tag.contactsCount}
                        </Button>
                      </td>
                      <td className="border-b border-line px-4 py-3">
                        <div className="flex justify-end gap-1">
                          <Tooltip content={t("actions.edit")}>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={t("actions.edit")}
                              data-testid={`tag-edit-${tag.id}`}
                              onClick={() =>
                                setEditing(tag)}
                            >
                              <Pencil className="size-4" />
                            </Button>
                          </Tooltip>
                          <Tooltip content={t("actions.delete")}>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={t("actions.delete")}
                              data-testid={`tag-delete-${tag.id}`}
                              onClick={() =>
                                setDeleting(tag)}
                              className="hover:text-danger"
                            >
                              <Trash2 className="size-4" />
                            </Button>
                          </Tooltip>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          {query.isFetchingNextPage && (
            <div className="flex justify-center py-4 text-ink-subtle">
              <Spinner />
            </div>
          )}
        </div>
      </Card>
      {editing !== undefined && (
        <TagModal
          key={editing?.id ?? "new"}
          tag={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      {viewing !== null && <TagContactsDialog tagId={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("confirmDelete.title", { name: deleting?.name ?? "" })}
        description={t("confirmDelete.message")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </div>
  );
}
