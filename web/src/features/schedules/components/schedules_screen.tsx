import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarClock, List, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { type Schedule, useDeleteSchedule, useSchedules, useSchedulesLive } from "../api/schedules.ts";
import { ScheduleModal } from "./schedule_modal.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { SchedulesCalendar } from "./schedules_calendar.tsx";

const TONE = { PENDENTE: "primary", AGENDADA: "warning", ENVIADA: "success", ERRO: "danger" } as const;
const when = (iso: string) => formatDateTime(iso);

/** /schedules: the list, or a month calendar; add, edit, delete. */
export function SchedulesScreen() {
  const { t } = useTranslation("schedules");
  const me = useCurrentUser();
  const list = useInfiniteList(useSchedules, (p) => p.schedules);
  const [view, setView] = useState<"list" | "calendar">("list");
  const [editing, setEditing] = useState<Schedule | null | undefined>(undefined);
  /** A new schedule's moment, preset when it was started from a calendar day. */
  const [presetAt, setPresetAt] = useState<Date | undefined>(undefined);
  const deletion = useDeleteConfirmation<Schedule>(useDeleteSchedule(), t, () => t("confirmDelete.title"));
  useSchedulesLive(me.companyId);

  const columns: Column<Schedule>[] = [
    {
      key: "contact",
      header: t("table.contact"),
      cell: (s) => <span className="font-medium">{s.contact?.name ?? ""}</span>,
    },
    {
      key: "body",
      header: t("table.body"),
      className: "max-md:hidden",
      cell: (s) => <span className="line-clamp-1">{s.body}</span>,
    },
    { key: "sendAt", header: t("table.sendAt"), cellClassName: "tabular-nums", cell: (s) => when(s.sendAt) },
    {
      key: "repeat",
      header: t("table.recurrence"),
      className: "max-lg:hidden",
      cell: (s) =>
        s.valorIntervalo > 0
          ? t("table.every", {
            n: s.valorIntervalo,
            unit: t(`units.${s.intervalo}`),
            sent: s.contadorEnvio,
            total: s.enviarQuantasVezes,
          })
          : "—",
    },
    {
      key: "status",
      header: t("table.status"),
      cell: (s) => (
        <Badge
          tone={TONE[s.status]}
          title={s.lastError === "ERR_SEND_UNCERTAIN" ? t("sendUncertain") : s.lastError ?? undefined}
        >
          {t(`status.${s.status}`)}
        </Badge>
      ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (s) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => setEditing(s), testId: `schedule-edit-${s.id}` }}
          remove={{
            label: t("actions.delete"),
            onClick: () => deletion.request(s),
            testId: `schedule-delete-${s.id}`,
          }}
        />
      ),
    },
  ];

  const toggle = (
    <div className="flex rounded-lg border border-line p-0.5">
      {(["list", "calendar"] as const).map((v) => (
        <Button
          key={v}
          size="sm"
          variant={view === v ? "secondary" : "ghost"}
          onClick={() => setView(v)}
          data-testid={`schedules-view-${v}`}
        >
          {v === "list" ? <List className="size-4" /> : <CalendarClock className="size-4" />}
          {t(`views.${v}`)}
        </Button>
      ))}
    </div>
  );
  const dialogs = editing !== undefined && (
    <ScheduleModal
      key={editing?.id ?? "new"}
      schedule={editing}
      sendAt={editing ? undefined : presetAt}
      onClose={() => {
        setEditing(undefined);
        setPresetAt(undefined);
      }}
    />
  );

  if (view === "calendar") {
    return (
      <div className="flex flex-col gap-6" data-testid="schedules-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-xl font-semibold tracking-tight">{t("title.page")}</h1>
          <div className="flex flex-wrap items-center gap-2">
            {toggle}
            <Button onClick={() => setEditing(null)} data-testid="schedule-add">
              <Plus className="size-4" />
              {t("actions.add")}
            </Button>
          </div>
        </div>
        <SchedulesCalendar
          onEdit={setEditing}
          onNew={(at) => {
            setPresetAt(at);
            setEditing(null);
          }}
        />
        {dialogs}
      </div>
    );
  }
  return (
    <ListPage
      testId="schedules-page"
      title={t("title.page")}
      list={list}
      search={{ placeholder: t("search"), testId: "schedules-search" }}
      actions={toggle}
      primaryAction={{
        label: t("actions.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "schedule-add",
      }}
      confirm={deletion.dialog}
      dialogs={dialogs}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(s) => s.id}
        rowTestId={(s) => `schedule-row-${s.id}`}
        testId="schedules-table"
        emptyState={<ListEmptyState icon={<CalendarClock />} searching={!!list.debounced} t={t} />}
      />
    </ListPage>
  );
}
