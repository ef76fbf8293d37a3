/** The dashboard, the real-time panel and the tickets report: types and queries (spec 1 §7, spec 3 §7). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, requestBlob } from "../../../lib/api.ts";
import type {
  AttendantRow,
  DashboardCounters,
  MomentsPanel,
  MomentTicket,
  UserMoment,
  UsersMomentsPanel,
} from "@contract/dashboard.ts";

export type Counters = DashboardCounters;
export type Attendant = AttendantRow;

export type DashboardFilter = { from: string; to: string; queueIds: number[] };

const list = (ids: number[]) => (ids.length ? JSON.stringify(ids) : undefined);

export const dashboardKeys = {
  all: ["dashboard"] as const,
  main: (f: DashboardFilter) => ["dashboard", "main", f] as const,
  day: (f: DashboardFilter) => ["dashboard", "day", f] as const,
  users: (f: DashboardFilter) => ["dashboard", "users", f] as const,
  messages: (f: DashboardFilter) => ["dashboard", "messages", f] as const,
  moments: ["moments"] as const,
  report: (q: ReportQuery) => ["report", q] as const,
};

export const useDashboard = (f: DashboardFilter) =>
  useQuery({
    queryKey: dashboardKeys.main(f),
    queryFn: () =>
      api.get<{ counters: Counters; attendants: Attendant[] }>("/dashboard", {
        date_from: f.from,
        date_to: f.to,
        queueIds: list(f.queueIds),
      }),
    placeholderData: keepPreviousData,
  });

export type DayPoint = { data?: string; date?: string; horario?: string; total: number };

export const useTicketsDay = (f: DashboardFilter) =>
  useQuery({
    queryKey: dashboardKeys.day(f),
    queryFn: () =>
      api.get<{ count: number; data: DayPoint[] }>("/dashboard/ticketsDay", {
        initialDate: f.from,
        finalDate: f.to,
        queueIds: list(f.queueIds),
      }),
    placeholderData: keepPreviousData,
  });

export const useTicketsUsers = (f: DashboardFilter) =>
  useQuery({
    queryKey: dashboardKeys.users(f),
    queryFn: () =>
      api.get<{ count: number; data: { userId: number; nome: string; quantidade: number }[] }>(
        "/dashboard/ticketsUsers",
        { initialDate: f.from, finalDate: f.to, queueIds: list(f.queueIds) },
      ),
    placeholderData: keepPreviousData,
  });

export const useMessagesCount = (f: DashboardFilter, fromMe?: boolean) =>
  useQuery({
    queryKey: [...dashboardKeys.messages(f), fromMe ?? "all"],
    queryFn: () =>
      api.get<{ count: { count: number }[] }>("/messages-allMe", {
        dateStart: f.from,
        dateEnd: f.to,
        fromMe: fromMe === undefined ? undefined : fromMe,
      }),
    select: (d) => d.count[0]?.count ?? 0,
    placeholderData: keepPreviousData,
  });

export type { MomentTicket, UserMoment };

export const useMoments = () =>
  useQuery({
    queryKey: dashboardKeys.moments,
    queryFn: async () => {
      const [m, u] = await Promise.all([
        api.get<MomentsPanel>("/dashboard/moments", { view: "panel" }),
        api.get<UsersMomentsPanel>("/usersMoments", { view: "panel" }),
      ]);
      return { tickets: m.tickets, users: u.users, windowDays: m.windowDays };
    },
    // Ages are minutes since; refresh them even when no event arrives.
    refetchInterval: 60_000,
  });

export type ReportRow = {
  id: number;
  uuid: string;
  status: string;
  whatsappName: string | null;
  contactId: number;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  supportTime: number | null;
  NPS: number | null;
};

export type ReportFilters = {
  contactId: number | null;
  whatsappId: number[];
  users: number[];
  queueIds: number[];
  tags: number[];
  status: string[];
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
};
export type ReportQuery = ReportFilters & { page: number; pageSize: number };

export function reportParams(f: ReportFilters) {
  return {
    contactId: f.contactId ?? undefined,
    whatsappId: list(f.whatsappId),
    users: list(f.users),
    queueIds: list(f.queueIds),
    tags: list(f.tags),
    status: f.status.length ? JSON.stringify(f.status) : undefined,
    dateFrom: f.dateFrom || undefined,
    dateTo: f.dateTo || undefined,
    onlyRated: f.onlyRated ? "true" : undefined,
  };
}

export const useReport = (q: ReportQuery) =>
  useQuery({
    queryKey: dashboardKeys.report(q),
    queryFn: () =>
      api.get<{ tickets: ReportRow[]; totalTickets: { total: number } }>("/ticketreport/reports", {
        ...reportParams(q),
        page: q.page,
        pageSize: q.pageSize,
      }),
    placeholderData: keepPreviousData,
  });

/** Downloads a file from the API and hands it to the browser as `name`. */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  name: string,
  onProgress?: (received: number, headers: Headers) => void,
) {
  const blob = await requestBlob(path, query, onProgress);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
