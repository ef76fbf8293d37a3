/**
 * The report table's columns. Which ones show depends on the width of the table's own box (a
 * container query), not the window's: the side menu open or closed changes that box by 180 px,
 * and a column list chosen by window width cut the actions off at 1440 with the menu open.
 * Long names are cut with an ellipsis (whole on hover); the actions stay pinned at the right.
 */
import type { TFunction } from "i18next";
import { ExternalLink, History } from "lucide-react";
import type { Column } from "../../../components/ui/data_table.tsx";
import { IconAction } from "../../../components/ui/row_actions.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { cn } from "../../../lib/utils.ts";
import type { ReportRow } from "../api/dashboard.ts";
import { hoursMinutes } from "./format.ts";

/** A name that may be long (a contact with its shop, a queue): one line, cut, whole on hover. */
function Clipped({ text, className, testId }: { text: string | null; className: string; testId?: string }) {
  if (!text) return <>—</>;
  return <span className={cn("block truncate", className)} title={text} data-testid={testId}>{text}</span>;
}

/** Date and time in the display zone (lib/dates.ts), in the language's formats. */
const zoned = (iso: string | null) => iso ? formatDateTime(iso) : "";

/**
 * Widths of the table's box (the card) from which each optional column shows: with the menu open
 * the box is ~960 px at a 1280 window and ~1110 px at 1440; with it closed, ~1300 px.
 */
const FROM = {
  opened: "hidden @lg:table-cell", // 512 px
  people: "hidden @3xl:table-cell", // 768 px: user, queue
  figures: "hidden @5xl:table-cell", // 1024 px: service time, NPS
  closed: "hidden @6xl:table-cell", // 1152 px
  connection: "hidden @[84rem]:table-cell",
  last: "hidden @[96rem]:table-cell",
};

export function reportColumns(
  { t, statusLabel, onLog, onOpen }: {
    t: TFunction;
    statusLabel: (s: string) => string;
    onLog: (row: ReportRow) => void;
    onOpen: (row: ReportRow) => void;
  },
): Column<ReportRow>[] {
  const columns: Column<ReportRow>[] = [
    { key: "id", header: "#", cell: (r) => <span className="text-ink-muted tabular-nums">{r.id}</span> },
    {
      key: "contact",
      header: t("reports.contact"),
      cell: (r) => (
        <Clipped
          text={r.contactName}
          className="max-w-28 font-medium text-ink @lg:max-w-40"
          testId="report-contact-name"
        />
      ),
    },
    {
      key: "conn",
      header: t("reports.connection"),
      cell: (r) => <Clipped text={r.whatsappName} className="max-w-36" />,
      className: FROM.connection,
    },
    {
      key: "user",
      header: t("reports.user"),
      cell: (r) => <Clipped text={r.userName} className="max-w-32" />,
      className: FROM.people,
    },
    {
      key: "queue",
      header: t("reports.queue"),
      cell: (r) => <Clipped text={r.queueName} className="max-w-32" />,
      className: FROM.people,
    },
    {
      key: "status",
      header: t("reports.status"),
      cell: (r) => statusLabel(r.status),
      cellClassName: "whitespace-nowrap",
    },
    {
      key: "last",
      header: t("reports.lastMessage"),
      cell: (r) => <span className="line-clamp-1 max-w-[16rem] text-ink-muted">{r.lastMessage}</span>,
      className: FROM.last,
    },
    {
      key: "created",
      header: t("reports.openedAt"),
      cell: (r) => zoned(r.createdAt),
      className: FROM.opened,
      cellClassName: "whitespace-nowrap tabular-nums",
    },
    {
      key: "closed",
      header: t("reports.closedAt"),
      cell: (r) => zoned(r.closedAt),
      className: FROM.closed,
      cellClassName: "whitespace-nowrap tabular-nums",
    },
    {
      key: "support",
      header: t("reports.supportTime"),
      cell: (r) => (r.supportTime == null ? "—" : hoursMinutes(r.supportTime)),
      className: FROM.figures,
      cellClassName: "whitespace-nowrap",
    },
    { key: "nps", header: "NPS", cell: (r) => r.NPS ?? "—", className: cn("text-right", FROM.figures) },
    {
      key: "actions",
      header: <span className="sr-only">{t("reports.actions")}</span>,
      // Pinned at the right edge: when the table still scrolls sideways, its shadow says that
      // more columns pass beneath it (the scroll box's data-hidden, see use_scroll_ends.ts).
      className: cn(
        "sticky right-0 w-px bg-surface whitespace-nowrap",
        "group-data-[hidden=end]:shadow-[-10px_0_10px_-8px_rgb(0_0_0/0.25)]",
        "group-data-[hidden=both]:shadow-[-10px_0_10px_-8px_rgb(0_0_0/0.25)]",
      ),
      headerClassName: "z-20 bg-surface-2",
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <IconAction
            label={t("reports.log")}
            icon={<History />}
            onClick={() => onLog(r)}
            testId={`report-log-${r.id}`}
          />
          <IconAction
            label={t("reports.open")}
            icon={<ExternalLink />}
            onClick={() => onOpen(r)}
            testId={`report-open-${r.id}`}
          />
        </div>
      ),
    },
  ];
  // Tighter cells than a list page's: twelve columns share the box. Headers may take two lines
  // ("Tempo de atendimento"); the values never break.
  return columns.map((c) => ({ ...c, className: cn("px-3", c.className) }));
}
