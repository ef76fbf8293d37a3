/**
 * How a report row reads in an export file: dates in the reader's time zone (the one the web app
 * shows them in, lib/time.ts readerZone) and in the language's format, through the same helper as
 * the screens (contract/dates.ts), so a ticket reads the same in the file as on the screen. The
 * date columns name their zone ("Opened at (America/Sao_Paulo)"); the service time reads
 * "1d 2h 5m"; status and column titles are in the language the user asked for.
 */
import { formatDateTimeIn } from "@contract/dates.ts";
import type { ReportRow } from "./repo.ts";

export type Lang = "pt" | "es" | "en" | "tr";

const COLUMNS: Record<Lang, string[]> = {
  pt: [
    "Id",
    "Conexão",
    "Contato",
    "Usuário",
    "Fila",
    "Status",
    "Última mensagem",
    "Aberto em",
    "Fechado em",
    "Tempo de atendimento",
    "NPS",
  ],
  es: [
    "Id",
    "Conexión",
    "Contacto",
    "Usuario",
    "Departamento",
    "Estado",
    "Último mensaje",
    "Abierto el",
    "Cerrado el",
    "Tiempo de atención",
    "NPS",
  ],
  en: [
    "Id",
    "Connection",
    "Contact",
    "User",
    "Queue",
    "Status",
    "Last message",
    "Opened at",
    "Closed at",
    "Service time",
    "NPS",
  ],
  tr: [
    "Id",
    "Bağlantı",
    "Kişi",
    "Kullanıcı",
    "Kuyruk",
    "Durum",
    "Son mesaj",
    "Açılış",
    "Kapanış",
    "Hizmet süresi",
    "NPS",
  ],
};

const STATUS: Record<Lang, Record<string, string>> = {
  pt: {
    open: "Aberto",
    pending: "Pendente",
    closed: "Fechado",
    group: "Grupo",
    nps: "Avaliação",
    lgpd: "LGPD",
  },
  es: {
    open: "Abierto",
    pending: "Pendiente",
    closed: "Cerrado",
    group: "Grupo",
    nps: "Evaluación",
    lgpd: "LGPD",
  },
  en: { open: "Open", pending: "Pending", closed: "Closed", group: "Group", nps: "Rating", lgpd: "LGPD" },
  tr: {
    open: "Açık",
    pending: "Beklemede",
    closed: "Kapalı",
    group: "Grup",
    nps: "Değerlendirme",
    lgpd: "LGPD",
  },
};

const TITLE: Record<Lang, string> = {
  pt: "Relatório de atendimentos",
  es: "Informe de atenciones",
  en: "Tickets report",
  tr: "Destek talepleri raporu",
};

/** The index of the two date columns in COLUMNS. */
const DATE_COLUMNS = [7, 8];

/** The column titles; with a zone, the date columns say it: "Opened at (America/Sao_Paulo)". */
export const columnsOf = (lang: Lang, timeZone?: string) =>
  COLUMNS[lang].map((c, i) => (timeZone && DATE_COLUMNS.includes(i) ? `${c} (${timeZone})` : c));
export const titleOf = (lang: Lang) => TITLE[lang];

/** "DD/MM/YYYY HH:mm" (pt, es), "MM/DD/YYYY h:mm AM" (en), "DD.MM.YYYY HH:mm" (tr) in the zone. */
export function localDateTime(iso: string | null, timeZone: string, lang: Lang = "pt"): string {
  return formatDateTimeIn(iso, lang, timeZone);
}

/** Minutes of service of the row's last cycle: taken → finished (or the ticket's close). */
export function supportMinutes(r: Pick<ReportRow, "startedAt" | "finishedAt" | "closedAt">): number | null {
  const end = r.finishedAt ?? r.closedAt;
  if (!r.startedAt || !end) return null;
  const m = (Date.parse(end) - Date.parse(r.startedAt)) / 60_000;
  return m >= 0 ? Math.round(m) : null;
}

export function duration(minutes: number | null): string {
  if (minutes == null) return "";
  const d = Math.floor(minutes / 1440), h = Math.floor((minutes % 1440) / 60), m = minutes % 60;
  return [d ? `${d}d` : "", d || h ? `${h}h` : "", `${m}m`].filter(Boolean).join(" ");
}

/** One row as the cells of an export, in COLUMNS order. */
export function cells(r: ReportRow, lang: Lang, timeZone: string): (string | number)[] {
  return [
    r.id,
    r.whatsappName ?? "",
    r.contactName,
    r.userName ?? "",
    r.queueName ?? "",
    STATUS[lang][r.status] ?? r.status,
    r.lastMessage.slice(0, 300),
    localDateTime(r.createdAt, timeZone, lang),
    localDateTime(r.closedAt, timeZone, lang),
    duration(supportMinutes(r)),
    r.nps ?? "",
  ];
}
