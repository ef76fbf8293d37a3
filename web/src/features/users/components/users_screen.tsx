import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UserPlus, Users } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import type { UserDTO as User } from "@contract/users.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { useDeleteUser, useUsers, useUsersLiveUpdates } from "../api/users.ts";
import { UserModal } from "./user_modal.tsx";
import { useUserColumns } from "./users_table.tsx";

/** /users: searchable list with infinite scroll, add/edit modal and delete confirmation. */
export function UsersScreen() {
  const { t } = useTranslation("users");
  const me = useCurrentUser();
  const list = useInfiniteList(useUsers, (p) => p.users);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<User>(
    useDeleteUser(),
    t,
    (u) => t("confirmDelete.title", { name: u?.name ?? "" }),
  );
  useUsersLiveUpdates(me.companyId);
  const columns = useUserColumns({ onEdit: setEditing, onDelete: deletion.request });

  return (
    <ListPage
      testId="users-page"
      title={t("title")}
      list={list}
      description={t("description")}
      search={{ placeholder: t("search"), testId: "users-search", className: "sm:w-72" }}
      primaryAction={{
        label: t("add"),
        icon: <UserPlus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "user-add",
      }}
      scrollTestId="users-scroll"
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <UserModal
          key={editing?.id ?? "new"}
          user={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-row-${u.id}`}
        rowClassName="group hover:bg-surface-2/60"
        testId="users-table"
        errorState={<EmptyState icon={<Users />} title={t("loadError")} />}
        emptyState={<ListEmptyState icon={<Users />} searching={!!list.debounced} t={t} searchHint />}
      />
    </ListPage>
  );
}
