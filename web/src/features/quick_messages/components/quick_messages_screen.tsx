import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleCheck, Paperclip, Plus, Zap } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type QuickMessage,
  useDeleteQuickMessage,
  useQuickMessages,
  useQuickMessagesLive,
} from "../api/quick_messages.ts";
import { QuickMessageModal } from "./quick_message_modal.tsx";

/** /quick-messages: shortcode, attachment, shared mark; someone else's shared reply is read-only. */
export function QuickMessagesScreen() {
  const { t } = useTranslation("quickMessages");
  const me = useCurrentUser();
  const list = useInfiniteList(useQuickMessages, (p) => p.records);
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<QuickMessage>(
    useDeleteQuickMessage(),
    t,
    (r) => t("confirmDelete.title", { shortcode: r?.shortcode ?? "" }),
  );
  useQuickMessagesLive(me.companyId);
  const manages = (r: QuickMessage) => isAdmin(me) || r.userId === me.id;

  const columns: Column<QuickMessage>[] = [
    {
      key: "shortcode",
      header: t("table.shortcode"),
      cell: (r) => (
        <>
          <p className="font-semibold text-ink">/{r.shortcode}</p>
          <p className="line-clamp-1 max-w-md text-[13px] text-ink-muted">{r.message}</p>
        </>
      ),
    },
    {
      key: "media",
      header: t("table.media"),
      className: "hidden md:table-cell",
      cell: (r) =>
        r.mediaName
          ? (
            <span className="inline-flex items-center gap-1.5 text-ink">
              <Paperclip className="size-3.5 text-ink-subtle" />
              {r.mediaName}
            </span>
          )
          : <span className="text-ink-subtle">{t("table.noAttachment")}</span>,
    },
    {
      key: "shared",
      header: t("table.shared"),
      className: "text-center",
      cell: (r) =>
        r.geral && (
          <CircleCheck
            className="mx-auto size-5 text-success"
            aria-label={t("table.shared")}
            data-testid="qm-shared"
          />
        ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (r) =>
        manages(r)
          ? (
            <RowActions
              edit={{ label: t("actions.edit"), onClick: () => setEditing(r), testId: `qm-edit-${r.id}` }}
              remove={{
                label: t("actions.delete"),
                onClick: () => deletion.request(r),
                testId: `qm-delete-${r.id}`,
              }}
            />
          )
          : <p className="text-right text-xs text-ink-subtle">{t("table.readOnly")}</p>,
    },
  ];

  return (
    <ListPage
      testId="quick-messages-page"
      title={t("title")}
      list={list}
      description={t("description")}
      search={{ placeholder: t("search"), testId: "qm-search" }}
      primaryAction={{
        label: t("add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "qm-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <QuickMessageModal
          key={editing?.id ?? "new"}
          record={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId={(r) => `qm-row-${r.id}`}
        testId="qm-table"
        emptyState={<ListEmptyState icon={<Zap />} searching={!!list.debounced} t={t} />}
      />
    </ListPage>
  );
}
