import { useTranslation } from "react-i18next";
import {
  ArrowDownLeft,
  ArrowUpRight,
  CheckCircle2,
  Clock,
  Hourglass,
  MessageSquare,
  MessagesSquare,
  UserPlus,
  UsersRound,
} from "lucide-react";
import { Card, CardBody, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import {
  type Counters,
  type DashboardFilter,
  useMessagesCount,
  useTicketsDay,
  useTicketsUsers,
} from "../api/dashboard.ts";
import { BarsChart } from "./charts.tsx";
import { StatCard } from "./stat_card.tsx";
import { hoursMinutes } from "./format.ts";

const dash = "—";

export function IndicatorsTab(
  { filter, counters: c, error }: { filter: DashboardFilter; counters?: Counters; error: boolean },
) {
  const { t } = useTranslation("dashboard");
  const day = useTicketsDay(filter);
  const users = useTicketsUsers(filter);
  const received = useMessagesCount(filter, false);
  const sent = useMessagesCount(filter, true);
  const v = (n: number | undefined) => (n === undefined ? dash : n.toLocaleString());
  const chartError = day.isError || users.isError;
  return (
    <div className="flex flex-col gap-5">
      {error && <p className="text-sm text-danger" role="alert">{t("loadError")}</p>}
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard
          testId="counter-supportHappening"
          icon={<MessagesSquare />}
          label={t("counters.supportHappening")}
          value={v(c?.supportHappening)}
        />
        <StatCard
          testId="counter-supportPending"
          icon={<Hourglass />}
          tone="warning"
          label={t("counters.supportPending")}
          value={v(c?.supportPending)}
        />
        <StatCard
          testId="counter-supportFinished"
          icon={<CheckCircle2 />}
          tone="success"
          label={t("counters.supportFinished")}
          value={v(c?.supportFinished)}
        />
        <StatCard
          testId="counter-leads"
          icon={<UserPlus />}
          label={t("counters.leads")}
          value={v(c?.leads)}
        />
        <StatCard
          testId="counter-avgWaitTime"
          icon={<Clock />}
          tone="warning"
          label={t("counters.avgWaitTime")}
          value={c ? hoursMinutes(c.avgWaitTime) : dash}
        />
        <StatCard
          testId="counter-avgSupportTime"
          icon={<Clock />}
          label={t("counters.avgSupportTime")}
          value={c ? hoursMinutes(c.avgSupportTime) : dash}
        />
        <StatCard
          testId="counter-passiveTickets"
          icon={<ArrowDownLeft />}
          label={t("counters.passiveTickets")}
          value={v(c?.passiveTickets)}
          hint={c ? t("counters.activeHint", { count: c.activeTickets }) : undefined}
        />
        <StatCard
          testId="counter-messages"
          icon={<MessageSquare />}
          label={t("counters.messages")}
          value={received.data === undefined ? dash : (received.data + (sent.data ?? 0)).toLocaleString()}
          hint={received.data === undefined ? undefined : (
            <span className="inline-flex items-center gap-2">
              <ArrowDownLeft className="size-3" />
              {received.data.toLocaleString()}
              <ArrowUpRight className="size-3" />
              {(sent.data ?? 0).toLocaleString()}
            </span>
          )}
        />
      </div>
      {chartError && (
        <p className="text-sm text-danger" role="alert">Error al obtener la información del billete</p>
      )}
      <div className="grid gap-4 xl:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t("charts.perDay")}</CardTitle>
            <p className="text-xs text-ink-muted" data-testid="chart-day-total">
              {t("charts.total", { count: day.data?.count ?? 0 })}
            </p>
          </CardHeader>
          <CardBody>
            <BarsChart
              testId="chart-day"
              valueLabel={t("charts.tickets")}
              data={(day.data?.data ?? []).map((p) => ({
                label: p.horario ? `${p.horario}h` : (p.data ?? "").slice(0, 5),
                value: p.total,
              }))}
            />
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UsersRound className="size-4 text-ink-subtle" />
              {t("charts.perAttendant")}
            </CardTitle>
            <p className="text-xs text-ink-muted">{t("charts.total", { count: users.data?.count ?? 0 })}</p>
          </CardHeader>
          <CardBody>
            <BarsChart
              testId="chart-users"
              valueLabel={t("charts.tickets")}
              data={(users.data?.data ?? []).map((u) => ({
                label: u.nome.split(" ")[0],
                value: u.quantidade,
              }))}
            />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
