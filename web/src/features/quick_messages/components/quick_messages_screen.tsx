import { type UIEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleCheck, Paperclip, Pencil, Plus, Search, Trash2, Zap } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner, Spinner } from "../../../components/ui/spinner.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import {
  type QuickMessage,
  useDeleteQuickMessage,
  useQuickMessages,
  useQuickMessagesLive,
} from "../api/quick_messages.ts";
import { QuickMessageModal } from "./quick_message_modal.tsx";

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";

/** /quick-messages: shortcode, attachment, shared mark; someone else's shared reply is read-only. */
export function QuickMessagesScreen() {
  const { t } = useTranslation("quickMessages");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const query = useQuickMessages(debounced);
  const remove = useDeleteQuickMessage();
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  useQuickMessagesLive(me.companyId);
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  const manages = (r: QuickMessage) => isAdmin(me) || r.userId === me.id;

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
    <div className="flex flex-col gap-6" data-testid="quick-messages-page">
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
                data-testid="qm-search"
              />
            </div>
            <Button onClick={() => setEditing(null)} data-testid="qm-add">
              <Plus className="size-4" />
              {t("add")}
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto" onScroll={onScroll}>
          {query.isPending ? <PageSpinner /> : records.length === 0
            ? (
              <EmptyState
                icon={<Zap />}
                title={debounced ? t("noResults") : t("empty")}
                description={t("emptyHint")}
              />
            )
            : (
              <table className="w-full border-separate border-spacing-0 text-sm" data-testid="qm-table">
                <thead>
                  <tr>
                    <th className={th}>{t("table.shortcode")}</th>
                    <th className={`${th} hidden md:table-cell`}>{t("table.media")}</th>
                    <th className={`${th} text-center`}>{t("table.shared")}</th>
                    <th className={`${th} text-right`}>{t("table.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={r.id} data-testid={`qm-row-${r.id}`} className="hover:bg-surface-2/60">
                      <td className="border-b border-line px-4 py-3">
                        <p className="font-semibold text-ink">/{r.shortcode}</p>
                        <p className="line-clamp-1 max-w-md text-[13px] text-ink-muted">{r.message}</p>
                      </td>
                      <td className="hidden border-b border-line px-4 py-3 md:table-cell">
                        {r.mediaName
                          ? (
                            <span className="inline-flex items-center gap-1.5 text-ink">
                              <Paperclip className="size-3.5 text-ink-subtle" />
                              {r.mediaName}
                            </span>
                          )
                          : <span className="text-ink-subtle">{t("table.noAttachment")}</span>}
                      </td>
                      <td className="border-b border-line px-4 py-3 text-center">
                        {r.geral && (
                          <CircleCheck
                            className="mx-auto size-5 text-success"
                            aria-label={t("table.shared")}
                            data-testid="qm-shared"
                          />
                        )}
                      </td>
                      <td className="border-b border-line px-4 py-3">
                        {manages(r)
                          ? (
                            <div className="flex justify-end gap-1">
                              <Tooltip content={t("actions.edit")}>
                                <Button
                                  variant="ghost"
                                  size="icon-sm"
                                  aria-label={t("actions.edit")}
                                  data-testid={`qm-edit-${r.id}`}
                                  onClick={() => setEditing(r)}
                                >
                                  <Pencil className="size-4" />
                                </Button>
                              </Tooltip>
                              <Tooltip content={t("actions.delete")}>
                                <Button
                                  variant="ghost"
                                  size="icon-sm"
                                  aria-label={t("actions.delete")}
                                  data-testid={`qm-delete-${r.id}`}
                                  onClick={() =>
                                    setDeleting(r)}
                                  className="hover:text-danger"
                                >
                                  <Trash2 className="size-4" />
                                </Button>
                              </Tooltip>
                            </div>
                          )
                          : <p className="text-right text-xs text-ink-subtle">{t("table.readOnly")}</p>}
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
        <QuickMessageModal
          key={editing?.id ?? "new"}
          record={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("confirmDelete.title", { shortcode: deleting?.shortcode ?? "" })}
        description={t("confirmDelete.message")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </div>
  );
}
