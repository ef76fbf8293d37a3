import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarClock, ChevronLeft, ChevronRight, List, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { cn } from "../../../lib/utils.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Schedule,
  useDeleteSchedule,
  useSchedules,
  useSchedulesInRange,
  useSchedulesLive,
} from "../api/schedules.ts";
import { ScheduleModal } from "./schedule_modal.tsx";
import { formatDateTime, formatTime, localeTag } from "../../../lib/dates.ts";

const TONE = { PENDENTE: "primary", AGENDADA: "warning", ENVIADA: "success", ERRO: "danger" } as const;
const when = (iso: string) => formatDateTime(iso);

/** /schedules: the list, or a month calendar; add, edit, delete. */
export function SchedulesScreen() {
  const { t } = useTranslation("schedules");
  const me = useCurrentUser();
  const list = useInfiniteList(useSchedules, (p) => p.schedules);
  const [view, setView] = useState<"list" | "calendar">("list");
  const [editing, setEditing] = useState<Schedule | null | undefined>(undefined);
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
      onClose={() => setEditing(undefined)}
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
        <MonthCalendar onOpen={setEditing} />
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

function MonthCalendar({ onOpen }: { onOpen: (s: Schedule) => void }) {
  const { t } = useTranslation("schedules");
  const [month, setMonth] = useState(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), 1);
  });
  const days = useMemo(() => {
    const start = new Date(month);
    start.setDate(1 - ((month.getDay() + 6) % 7)); // weeks start on Monday
    return Array.from(
      { length: 42 },
      (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i),
    );
  }, [month]);
  const { data } = useSchedulesInRange(
    days[0].toISOString(),
    new Date(days[41].getTime() + 86_400_000).toISOString(),
  );
  const byDay = new Map<string, Schedule[]>();
  for (const s of data?.schedules ?? []) {
    const k = new Date(s.sendAt).toDateString();
    byDay.set(k, [...(byDay.get(k) ?? []), s]);
  }
  const fmt = new Intl.DateTimeFormat(localeTag(), { month: "long", year: "numeric" });
  const weekday = new Intl.DateTimeFormat(localeTag(), { weekday: "short" });
  const today = new Date().toDateString();
  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-4" data-testid="schedules-calendar">
      <div className="flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("calendar.previous")}
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
        >
          <ChevronLeft className="size-4" />
        </Button>
        <span className="font-semibold capitalize">{fmt.format(month)}</span>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("calendar.next")}
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}
        >
          <ChevronRight className="size-4" />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-line bg-line text-xs">
        {days.slice(0, 7).map((d) => (
          <div
            key={`h${d.getDay()}`}
            className="bg-surface-2 px-1 py-1.5 text-center font-medium text-ink-muted capitalize"
          >
            {weekday.format(d)}
          </div>
        ))}
        {days.map((d) => {
          const items = byDay.get(d.toDateString()) ?? [];
          return (
            <div
              key={d.toISOString()}
              className={cn(
                "flex min-h-14 flex-col gap-0.5 bg-surface p-1 sm:min-h-24",
                d.getMonth() !== month.getMonth() && "opacity-50",
              )}
            >
              <span
                className={cn(
                  "self-end rounded-full px-1.5 tabular-nums",
                  d.toDateString() === today && "bg-primary text-white",
                )}
              >
                {d.getDate()}
              </span>
              {items.slice(0, 3).map((s) => (
                <button
                  key={s.id}
                  type="button"
                  onClick={() => onOpen(s)}
                  className="cursor-pointer truncate rounded bg-primary-soft px-1 text-left text-[11px] text-primary-strong max-sm:hidden"
                  title={s.body}
                >
                  {formatTime(s.sendAt)} {s.contact?.name}
                </button>
              ))}
              {items.length > 0 && (
                <button
                  type="button"
                  onClick={() => onOpen(items[0])}
                  className="cursor-pointer rounded bg-primary-soft text-[11px] text-primary-strong sm:hidden"
                >
                  {items.length}
                </button>
              )}
              {items.length > 3 && (
                <span className="text-[11px] text-ink-subtle max-sm:hidden">+{items.length - 3}</span>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
