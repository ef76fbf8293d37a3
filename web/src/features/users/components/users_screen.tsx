import { type UIEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, UserPlus, Users } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { PageSpinner, Spinner } from "../../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { User } from "../../../lib/types.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import { useDeleteUser, useUsers, useUsersLiveUpdates } from "../api/users.ts";
import { UserModal } from "./user_modal.tsx";
import { UsersTable } from "./users_table.tsx";

const SCROLL_THRESHOLD_PX = 100;

/** /users: searchable list with infinite scroll, add/edit modal and delete confirmation. */
export function UsersScreen() {
  const { t } = useTranslation("users");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const query = useUsers(debounced);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteUser();
  useUsersLiveUpdates(me.companyId);

  const users = query.data?.pages.flatMap((p) => p.users) ?? [];
  const count = query.data?.pages[0]?.count;

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX && query.hasNextPage) {
      if (!query.isFetchingNextPage) query.fetchNextPage();
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
    <div className="flex flex-col gap-6" data-testid="users-page">
      <PageHeader
        title={t("title")}
        count={count}
        description={t("description")}
        actions={
          <>
            <div className="relative w-full sm:w-72">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t("search")}
                aria-label={t("search")}
                className="pl-9"
                data-testid="users-search"
              />
            </div>
            <Button onClick={() => setEditing(null)} data-testid="user-add">
              <UserPlus className="size-4" />
              {t("add")}
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div
          className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto"
          onScroll={onScroll}
          data-testid="users-scroll"
        >
          {query.isPending
            ? <PageSpinner />
            : query.isError
            ? <EmptyState icon={<Users />} title={t("loadError")} />
            : users.length === 0
            ? (
              <EmptyState
                icon={<Users />}
                title={debounced ? t("noResults") : t("empty")}
                description={debounced ? t("noResultsHint") : t("emptyHint")}
              />
            )
            : <UsersTable users={users} onEdit={setEditing} onDelete={setDeleting} />}
          {query.isFetchingNextPage && (
            <div className="flex justify-center py-4 text-ink-subtle">
              <Spinner />
            </div>
          )}
        </div>
      </Card>
      {editing !== undefined && (
        <UserModal
          key={editing?.id ?? "new"}
          open
          user={editing}
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
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
