/** The message as the conversation and the socket show it (spec 1 §3 Message). */
import { and, eq, inArray, sql } from "drizzle-orm";
import { contacts, messages, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { inJsonIds, prepared } from "@db/prepared.ts";
import type { MediaStore } from "../media/store.ts";
import type { MessageDTO } from "@contract/messages.ts";

export type MessageRow = typeof messages.$inferSelect;

export type { MessageDTO } from "@contract/messages.ts";

// The row's columns (less the provider's raw JSON) are the contract's message fields.
const _rowIsMessage = (r: Omit<MessageRow, "dataJson">): Omit<MessageDTO, "contact" | "quotedMsg" | "user"> =>
  r;

const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x != null))];

export async function messageDTOs(
  db: Db | Tx,
  media: MediaStore,
  companyId: number,
  rows: MessageRow[],
): Promise<MessageDTO[]> {
  if (!rows.length) return [];
  const quotedIds = uniq(rows.map((r) => r.quotedMsgId));
  // By id, the company as a plain filter: the unary + keeps SQLite from choosing a (company_id, …)
  // index and walking the company's rows (5M messages, 100k contacts) instead of the few ids.
  const p = sql.placeholder;
  const quoted = quotedIds.length
    ? await prepared(db, "messageDTOs.quoted", (d) =>
      d.select().from(messages).where(
        and(sql`+${messages.companyId} = ${p("companyId")}`, inJsonIds(messages.id, "ids")),
      ).prepare()).all({ companyId, ids: JSON.stringify(quotedIds) })
    : [];
  const contactIds = uniq([...rows, ...quoted].map((r) => r.contactId));
  const userIds = uniq(rows.map((r) => r.userId));
  const [cs, us] = await Promise.all([
    contactIds.length
      ? prepared(
        db,
        "messageDTOs.contacts",
        (d) =>
          d.select({ id: contacts.id, name: contacts.name }).from(contacts)
            .where(and(sql`+${contacts.companyId} = ${p("companyId")}`, inJsonIds(contacts.id, "ids")))
            .prepare(),
      )
        .all({ companyId, ids: JSON.stringify(contactIds) })
      : [],
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)))
      : [],
  ]);
  const cMap = new Map(cs.map((c) => [c.id, c])), uMap = new Map(us.map((u) => [u.id, u]));
  const qMap = new Map(quoted.map((q) => [q.id, q]));
  return await Promise.all(rows.map(async (r) => {
    const { dataJson: _d, ...rest } = r;
    const q = r.quotedMsgId ? qMap.get(r.quotedMsgId) : undefined;
    return {
      ...rest,
      mediaUrl: r.mediaUrl ? await media.signedUrl(r.mediaUrl) : null,
      contact: r.contactId ? cMap.get(r.contactId) ?? null : null,
      quotedMsg: q
        ? {
          id: q.id,
          body: q.body,
          fromMe: q.fromMe,
          mediaType: q.mediaType,
          contact: q.contactId && cMap.get(q.contactId) ? { name: cMap.get(q.contactId)!.name } : null,
        }
        : null,
      user: r.userId ? uMap.get(r.userId) ?? null : null,
      ...(hasMailHtml(r.dataJson) ? { hasHtml: true } : {}),
    };
  }));
}

/** Whether the message keeps an e-mail's HTML view (MessageDTO.hasHtml; mail_html.ts reads it). */
export const hasMailHtml = (dataJson: string | null | undefined): boolean =>
  !!dataJson && dataJson.startsWith('{"html":');

/** What a message shows as the ticket's last message. */
export const previewOf = (body: string, mediaType?: string | null, filename?: string) =>
  // A shared contact previews as its name, not as vCard source.
  mediaType === "contactMessage" && /^BEGIN:VCARD/.test(body)
    ? `👤 ${/^FN:(.*)$/m.exec(body)?.[1]?.trim() ?? ""}`.trim()
    : body || filename || (mediaType ? `[${mediaType}]` : "");
