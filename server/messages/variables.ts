/**
 * Message variables of spec 1 §9 ({{firstName}}, {{name}}, {{userName}}, {{ms}}, {{protocol}},
 * {{date}}, {{hour}}, {{ticket_id}}, {{queue}}, {{connection}}), rendered in the company's zone.
 */
import { zonedParts } from "../lib/time.ts";

export type VariableContext = {
  contactName?: string | null;
  userName?: string | null;
  ticketId?: number;
  queueName?: string | null;
  connectionName?: string | null;
  timezone: string;
  now: Date;
};

/** Bom dia from 06, Boa tarde from 12, Boa noite from 18, otherwise Boa madrugada (reference §6). */
export function greetingFor(hour: number): string {
  if (hour >= 6 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  if (hour >= 18) return "Boa noite";
  return "Boa madrugada";
}

export function renderVariables(text: string, v: VariableContext): string {
  if (!text.includes("{{")) return text;
  const p = zonedParts(v.now, v.timezone);
  const [y, m, d] = p.date.split("-");
  const name = v.contactName ?? "";
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    userName: v.userName ?? "",
    ms: greetingFor(Number(p.time.slice(0, 2))),
    protocol: `${y}${m}${d}${p.time.replace(":", "")}${String(v.now.getUTCSeconds()).padStart(2, "0")}${
      v.ticketId ?? ""
    }`,
    date: `${d}/${m}/${y}`,
    hour: p.time,
    ticket_id: String(v.ticketId ?? ""),
    queue: v.queueName ?? "",
    connection: v.connectionName ?? "",
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => key in values ? values[key] : all);
}
