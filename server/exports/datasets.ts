/**
 * What a company's export holds: every table of the company's own data (rows with its
 * `company_id`), each written as JSON and CSV, minus what is a secret or a credential — password
 * hashes, connection tokens and sessions, sealed keys — which a portability export must not carry
 * and the company could not use elsewhere. A setting whose value is sealed (`enc:…`) or whose key
 * names a secret is exported with a null value.
 */
export type Dataset = { table: string; drop?: readonly string[] };

export const DATASETS: readonly Dataset[] = [
  { table: "contacts" },
  { table: "contact_custom_fields" },
  { table: "tags" },
  { table: "contact_tags" },
  { table: "tickets" },
  { table: "ticket_tags" },
  { table: "ticket_notes" },
  { table: "ticket_logs" },
  { table: "ticket_traking" },
  { table: "user_ratings" },
  { table: "messages" },
  { table: "schedules" },
  { table: "campaigns" },
  { table: "campaign_shippings" },
  { table: "campaign_settings" },
  { table: "contact_lists" },
  { table: "contact_list_items" },
  { table: "queues" },
  { table: "chatbots" },
  { table: "quick_messages" },
  { table: "files" },
  { table: "file_options" },
  { table: "flow_builders" },
  { table: "flow_campaigns" },
  { table: "todos" },
  { table: "invoices" },
  { table: "settings" },
  { table: "users", drop: ["password_hash"] },
  {
    table: "whatsapps",
    drop: ["token", "session", "meta_access_token", "webchat_key", "telegram_token", "telegram_secret"],
  },
  { table: "prompts", drop: ["api_key", "voice_key"] },
  { table: "queue_integrations" },
];

const SECRET_KEY = /(secret|token|password|apikey|api_key|privatekey|private_key)/i;

/** A row as exported: dropped columns gone, a secret setting's value nulled. */
export function cleanRow(d: Dataset, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!d.drop?.includes(k)) out[k] = v;
  if (
    d.table === "settings" && (SECRET_KEY.test(String(out.key)) || String(out.value ?? "").startsWith("enc:"))
  ) {
    out.value = null;
  }
  return out;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
