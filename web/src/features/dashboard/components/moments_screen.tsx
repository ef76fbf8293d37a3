import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Activity, Hourglass, MessagesSquare, UserCheck } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { useAuth } from "../../../lib/auth.tsx";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import { dashboardKeys, type MomentTicket, useMoments } from "../api/dashboard.ts";
import { StatCard } from "./stat_card.tsx";
import { age } from "./format.ts";

/** Refetch once per burst of events: a busy inbox sends many ticket frames a second. */
function useLiveRefresh(companyId: number | null) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      qc.invalidateQueries({ queryKey: dashboardKeys.moments });
    }, 300);
  };
  useRealtimeEvent(companyId ? `company-${companyId}-ticket` : null, refresh);
  useRealtimeEvent(companyId ? `company-${companyId}-user` : null, refresh);
}

function TicketLine({ t: x }: { t: MomentTicket }) {
  return (
    <li>
      <Link
        to={`/tickets/${x.uuid}`}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-2"
        data-testid={`moment-ticket-${x.id}`}
      >
        <span
          className="size-2 shrink-0 rounded-full"
          style={{ background: x.queue?.color ?? "var(--ink-subtle)" }}
          title={x.queue?.name}
        />
        <span className="min-w-0 flex-1 truncate text-ink">{x.contact.name}</span>
        <span className="shrink-0 text-xs text-ink-muted tabular-nums">{age(x.ageMinutes)}</span>
      </Link>
    </li>
  );
}

/** The real-time panel (spec 1 §9): who is serving whom and what waits in each queue, live. */
export function MomentsScreen() {
  const { t } = useTranslation("dashboard");
  const { user } = useAuth();
  useLiveRefresh(user?.companyId ?? null);
  const q = useMoments();
  if (q.isPending) return <PageSpinner />;
  const tickets = q.data?.tickets ?? [];
  const open = tickets.filter((x) => x.status === "open");
  const waiting = tickets.filter((x) => x.status === "pending");
  const people = (q.data?.users ?? []).filter((u) => u.online || u.open > 0);
  const byQueue = new Map<string, MomentTicket[]>();
  for (const w of waiting) {
    const k = w.queue?.name ?? t("moments.noQueue");
    byQueue.set(k, [...(byQueue.get(k) ?? []), w]);
  }
  return (
    <div className="flex flex-col gap-5" data-testid="moments">
      <PageHeader
        title={t("moments.title")}
        description={t("moments.description", { days: q.data?.windowDays ?? 30 })}
        actions={
          <Badge tone="success">
            <Activity className="size-3" />
            {t("moments.live")}
          </Badge>
        }
      />
      <div className="grid grid-cols-3 gap-3">
        <StatCard
          testId="moments-open"
          icon={<MessagesSquare />}
          label={t("moments.inService")}
          value={open.length}
        />
        <StatCard
          testId="moments-pending"
          icon={<Hourglass />}
          tone="warning"
          label={t("moments.waiting")}
          value={waiting.length}
          hint={waiting.length
            ? t("moments.oldest", { age: age(Math.max(...waiting.map((w) => w.ageMinutes))) })
            : undefined}
        />
        <StatCard
          testId="moments-online"
          icon={<UserCheck />}
          tone="success"
          label={t("moments.online")}
          value={(q.data?.users ?? []).filter((u) => u.online).length}
        />
      </div>
      <section className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-ink">{t("moments.byAttendant")}</h2>
        {people.length === 0
          ? (
            <Card>
              <EmptyState icon={<UserCheck />} title={t("moments.nobody")} className="py-10" />
            </Card>
          )
          : (
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {people.map((u) => (
                <Card key={u.id} className="flex flex-col gap-2 p-3" data-testid={`moment-user-${u.id}`}>
                  <div className="flex items-center gap-2.5">
                    <span className="relative">
                      <Avatar name={u.name} size="sm" />
                      <span
                        className={`absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-surface ${
                          u.online ? "bg-success" : "bg-ink-subtle/50"
                        }`}
                      />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-ink">{u.name}</p>
                      <p className="text-xs text-ink-muted" data-testid="moment-user-count">
                        {t("moments.openCount", { count: u.open })}
                      </p>
                    </div>
                    {u.open > 0 && <Badge tone="primary">{age(u.oldestMinutes)}</Badge>}
                  </div>
                  {u.tickets.length > 0 && (
                    <ul className="flex flex-col border-t border-line pt-1">
                      {u.tickets.map((x) => <TicketLine key={x.id} t={x} />)}
                    </ul>
                  )}
                </Card>
              ))}
            </div>
          )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-ink">{t("moments.byQueue")}</h2>
        {byQueue.size === 0
          ? (
            <Card>
              <EmptyState icon={<Hourglass />} title={t("moments.noneWaiting")} className="py-10" />
            </Card>
          )
          : (
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {[...byQueue.entries()].map(([name, list]) => (
                <Card key={name} className="flex flex-col gap-2 p-3" data-testid="moment-queue">
                  <div className="flex items-center justify-between gap-2">
                    <p className="flex items-center gap-2 truncate text-sm font-medium text-ink">
                      <span
                        className="size-2.5 rounded-full"
                        style={{ background: list[0].queue?.color ?? "var(--ink-subtle)" }}
                      />
                      {name}
                    </p>
                    <Badge tone="warning">{list.length}</Badge>
                  </div>
                  <ul className="flex flex-col border-t border-line pt-1">
                    {list.map((x) => <TicketLine key={x.id} t={x} />)}
                  </ul>
                </Card>
              ))}
            </div>
          )}
      </section>
    </div>
  );
}
