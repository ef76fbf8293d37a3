/**
 * How a report row reads in an export file: dates in the company's time zone, the service time as
 * "1d 2h 5m", status and column titles in the language the user asked for.
 */
import { zonedParts } from "../lib/time.ts";
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

export const columnsOf = (lang: Lang) => COLUMNS[lang];
export const titleOf = (lang: Lang) => TITLE[lang];

const HOUR = 3_600_000;
const offsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset at `ms`, kept per UTC hour: an export formats two dates per row, and Intl
 * costs microseconds per call. Offsets change on transitions, which fall on whole UTC hours in
 * the zones we serve (a zone moving at a half hour would be off for that half hour).
 */
function offsetAt(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR);
  let byHour = offsets.get(timeZone);
  if (!byHour) offsets.set(timeZone, byHour = new Map());
  let o = byHour.get(hour);
  if (o === undefined) {
    const p = zonedParts(new Date(hour * HOUR), timeZone);
    o = Date.parse(`${p.date}T${p.time}:00Z`) - hour * HOUR;
    if (byHour.size > 50_000) byHour.clear();
    byHour.set(hour, o);
  }
  return o;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "DD/MM/YYYY HH:mm" in the zone. */
export function localDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  const d = new Date(ms + offsetAt(ms, timeZone));
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${
    two(d.getUTCMinutes())
  }`;
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
    localDateTime(r.createdAt, timeZone),
    localDateTime(r.closedAt, timeZone),
    duration(supportMinutes(r)),
    r.nps ?? "",
  ];
}
