import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { BarChart3, ListChecks, ListPlus, Play, Plus, RotateCcw, Settings2, Square } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { IconAction, RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Campaign,
  type CampaignStatus,
  nothingToSend,
  useCampaignAction,
  useCampaigns,
  useCampaignsLive,
  useDeleteCampaign,
} from "../api/campaigns.ts";
import { CampaignModal } from "./campaign_modal.tsx";
import { formatDateTime as dateTime } from "../../../lib/dates.ts";

export const STATUS_TONE: Record<CampaignStatus, "neutral" | "primary" | "success" | "warning" | "danger"> = {
  INATIVA: "neutral",
  PROGRAMADA: "primary",
  EM_ANDAMENTO: "warning",
  CANCELADA: "danger",
  FINALIZADA: "success",
};

export const formatDateTime = (iso: string | null | undefined) => dateTime(iso) || "—";

/** /campaigns: name, status, list, connection, start, end, confirmation; stop, restart, report, edit, delete. */
export function CampaignsScreen() {
  const { t } = useTranslation("campaigns");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const list = useInfiniteList(useCampaigns, (p) => p.records);
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const action = useCampaignAction();
  const deletion = useDeleteConfirmation<Campaign>(
    useDeleteCampaign(),
    t,
    (c) => t("campaigns.confirmDelete", { name: c?.name ?? "" }),
  );
  useCampaignsLive(me.companyId);
  const act = async (c: Campaign, a: "cancel" | "restart" | "start") => {
    try {
      await action.mutateAsync({ id: c.id, action: a });
      toastSuccess(
        t(`campaigns.${({ cancel: "cancelled", restart: "restarted", start: "started" } as const)[a]}`),
      );
    } catch (err) {
      // Nothing to send: say what is missing (no message, connection, audience or contacts).
      const reason = nothingToSend(err);
      if (reason) toastError(t(`campaigns.nothingToSend.${reason}`));
      else toastError(err);
    }
  };

  const columns: Column<Campaign>[] = [
    { key: "name", header: t("campaigns.name"), cell: (c) => <span className="font-medium">{c.name}</span> },
    {
      key: "status",
      header: t("campaigns.status"),
      cell: (c) => (
        <Badge tone={STATUS_TONE[c.status]} data-testid={`campaign-status-${c.id}`}>
          {t(`status.${c.status}`)}
        </Badge>
      ),
    },
    {
      key: "list",
      header: t("campaigns.contactList"),
      className: "max-lg:hidden",
      cell: (c) => c.contactList?.name ?? c.tagList?.name ?? "—",
    },
    {
      key: "conn",
      header: t("campaigns.connection"),
      className: "max-lg:hidden",
      cell: (c) => c.whatsapp?.name ?? "—",
    },
    {
      key: "at",
      header: t("campaigns.scheduledAt"),
      className: "max-md:hidden",
      cell: (c) => formatDateTime(c.scheduledAt),
    },
    {
      key: "done",
      header: t("campaigns.completedAt"),
      className: "max-xl:hidden",
      cell: (c) => formatDateTime(c.completedAt),
    },
    {
      key: "confirmation",
      header: t("campaigns.confirmation"),
      className: "max-xl:hidden",
      cell: (c) => (c.confirmation ? t("common.yes") : t("common.no")),
    },
    {
      key: "actions",
      header: t("common.actions"),
      headerClassName: "text-right",
      cell: (c) => (
        <RowActions
          edit={{ label: t("common.edit"), onClick: () => setEditing(c), testId: `campaign-edit-${c.id}` }}
          remove={{
            label: t("common.delete"),
            onClick: () => deletion.request(c),
            testId: `campaign-delete-${c.id}`,
          }}
        >
          {(c.status === "INATIVA" || c.status === "PROGRAMADA") && (
            <IconAction
              label={t("campaigns.sendNow")}
              icon={<Play className="size-4" />}
              onClick={() => act(c, "start")}
              testId={`campaign-start-${c.id}`}
            />
          )}
          {c.status === "EM_ANDAMENTO" && (
            <IconAction
              label={t("campaigns.stop")}
              icon={<Square className="size-4" />}
              onClick={() => act(c, "cancel")}
              testId={`campaign-stop-${c.id}`}
            />
          )}
          {c.status === "CANCELADA" && (
            <IconAction
              label={t("campaigns.restart")}
              icon={<RotateCcw className="size-4" />}
              onClick={() => act(c, "restart")}
              testId={`campaign-restart-${c.id}`}
            />
          )}
          <IconAction
            label={t("campaigns.report")}
            icon={<BarChart3 className="size-4" />}
            onClick={() => navigate(`/campaign/${c.id}/report`)}
            testId={`campaign-report-${c.id}`}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="campaigns-page"
      title={t("campaigns.title")}
      list={list}
      search={{ placeholder: t("common.search"), testId: "campaigns-search" }}
      actions={
        <>
          <Button variant="secondary" onClick={() => navigate("/contact-lists")} data-testid="goto-lists">
            <ListPlus className="size-4" />
            {t("lists.title")}
          </Button>
          <Button variant="secondary" onClick={() => navigate("/campaigns-config")} data-testid="goto-config">
            <Settings2 className="size-4" />
            {t("settings.title")}
          </Button>
        </>
      }
      primaryAction={{
        label: t("campaigns.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "campaign-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <CampaignModal
          key={editing?.id ?? "new"}
          campaign={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={(c) => `campaign-row-${c.id}`}
        testId="campaigns-table"
        emptyState={
          <ListEmptyState
            icon={<ListChecks />}
            searching={!!list.debounced}
            t={(k) => t(`campaigns.${k}`)}
          />
        }
      />
    </ListPage>
  );
}
