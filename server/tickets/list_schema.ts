/**
 * Query of GET /api/tickets (spec 1 §7). Lists arrive as JSON strings (`queueIds=[1,2]`, what the
 * reference client sends), as repeated parameters (`queueIds=1&queueIds=2`), as `queueIds[]=1`
 * (axios' default) or comma-separated; all four give the same array. An empty list means
 * "no filter".
 */
import { z } from "zod";
import { ticketStatuses } from "@db/schema.ts";

/** Flattens every accepted list spelling into the items, or undefined when nothing was sent. */
function listItems(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return undefined;
  const out: unknown[] = [];
  for (const part of Array.isArray(v) ? v : [v]) {
    if (typeof part !== "string") {
      out.push(part);
      continue;
    }
    const s = part.trim();
    if (!s) continue;
    if (s.startsWith("[")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(s);
      } catch {
        out.push(s); // fails the item schema below: ERR_VALIDATION, not a silent "no filter"
        continue;
      }
      if (Array.isArray(parsed)) out.push(...parsed);
      else out.push(s);
    } else out.push(...s.split(",").map((x) => x.trim()).filter(Boolean));
  }
  return out;
}

/** A positive id; tag pickers sometimes send `{id, name}` objects, so those are accepted too. */
const idItem = z.preprocess(
  (x) => (x && typeof x === "object" && "id" in x ? (x as { id: unknown }).id : x),
  z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
);

const idList = z.preprocess(listItems, z.array(idItem).max(500).optional());
const statusList = z.preprocess(listItems, z.array(z.enum(ticketStatuses)).max(10).optional());

const flag = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  z.union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
    .transform((v) => v === true || v === "true" || v === "1")
    .optional(),
);

/** A calendar date; a full ISO timestamp is cut to its date part. */
const day = z.string().trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, "expected YYYY-MM-DD")
  .transform((s) => s.slice(0, 10))
  .refine((s) => {
    const d = new Date(s + "T00:00:00Z");
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "invalid date")
  .optional();

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

const fields = z.object({
  searchParam: z.string().trim().max(200).optional().transform((s) => s || undefined),
  pageNumber: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  status: z.preprocess(emptyToUndefined, z.enum(ticketStatuses).optional()),
  showAll: flag,
  queueIds: idList,
  tags: idList,
  users: idList,
  whatsapps: idList,
  statusFilter: statusList,
  withUnreadMessages: flag,
  searchOnMessages: flag,
  startDate: z.preprocess(emptyToUndefined, day),
  endDate: z.preprocess(emptyToUndefined, day),
  updatedAt: z.preprocess(emptyToUndefined, day),
  sortTickets: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim().toUpperCase() || undefined) : v),
    z.enum(["DESC", "ASC"]).default("DESC"),
  ),
}).refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
  message: "startDate must not be after endDate",
  path: ["endDate"],
});

/** `queueIds[]` (axios' default array spelling) is read as `queueIds`. */
export const listTicketsQuery = z.preprocess((raw) => {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = k.endsWith("[]") ? k.slice(0, -2) : k;
    if (key in out) out[key] = [out[key], v].flat();
    else out[key] = v;
  }
  return out;
}, fields);

export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;
