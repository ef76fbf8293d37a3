/**
 * The ticket as lists, detail and socket events show it (spec 1 §3 Ticket), built for many tickets
 * with one query per relation.
 */
import { and, eq, sql } from "drizzle-orm";
import { contacts, queues, tags, ticketTags, users, whatsapps } from "@db/schema.ts";
import { contactTags } from "@db/schema.ts";
import type { Db } from "@db/client.ts";
import { batchReads, inJsonIds, prepared } from "@db/prepared.ts";
import type { Reads } from "@db/read_pool.ts";
import { maskNumber } from "../lib/lgpd.ts";
import type { TicketRow } from "./repo.ts";
import type { TagRef } from "@contract/common.ts";
import type { TicketDTO, TicketFields } from "@contract/tickets.ts";

export type { TagRef } from "@contract/common.ts";
export type { TicketDTO } from "@contract/tickets.ts";

// The row's columns are the contract's ticket fields: a column added to the table without the
// contract fails here.
const _rowIsTicketFields = (r: TicketRow): TicketFields => r;

const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x != null))];

/**
 * Builds DTOs in the order given. `maskNumbers` hides contact numbers (LGPD, profile user).
 * `reads`: the read pool, for the lists and the board (their relations read on a Worker; the
 * statements are the same prepared ones, mapped here).
 */
export async function ticketDTOs(
  db: Db,
  companyId: number,
  rows: TicketRow[],
  opts: { maskNumbers?: boolean; reads?: Reads } = {},
): Promise<TicketDTO[]> {
  if (!rows.length) return [];
  // With the read pool the seven reads travel to a Worker in one message (db/prepared.ts batchReads).
  const batch = opts.reads ? batchReads(opts.reads) : null;
  const all = <T>(q: { all(v?: Record<string, unknown>): Promise<T[]> }, v: Record<string, unknown>) =>
    batch ? batch.all(q, v) : q.all(v);
  const contactIds = uniq(rows.map((r) => r.contactId));
  const queueIds = uniq(rows.map((r) => r.queueId)), userIds = uniq(rows.map((r) => r.userId));
  const p = sql.placeholder;
  const ids = (xs: number[]) => JSON.stringify(xs);
  // Prepared once (db/prepared.ts): the lists of ids travel as one JSON value.
  const relations = Promise.all([
    // Unary + keeps SQLite from walking the company's contacts (contacts_company_name_idx): it
    // looks the ids up by primary key. Only the columns the DTO shows.
    all(
      prepared(db, "ticketDTOs.contacts", (d) =>
        d.select({
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          email: contacts.email,
          urlPicture: contacts.urlPicture,
          isGroup: contacts.isGroup,
          channel: contacts.channel,
          active: contacts.active,
          disableBot: contacts.disableBot,
          acceptAudioMessage: contacts.acceptAudioMessage,
          unreachableAt: contacts.unreachableAt,
        }).from(contacts).where(
          and(sql`+${contacts.companyId} = ${p("companyId")}`, inJsonIds(contacts.id, "ids")),
        ).prepare()),
      { companyId, ids: ids(contactIds) },
    ),
    queueIds.length
      ? all(
        prepared(
          db,
          "ticketDTOs.queues",
          (d) =>
            d.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues)
              .where(and(eq(queues.companyId, p("companyId")), inJsonIds(queues.id, "ids"))).prepare(),
        ),
        { companyId, ids: ids(queueIds) },
      )
      : [],
    userIds.length
      ? all(
        prepared(
          db,
          "ticketDTOs.users",
          (d) =>
            d.select({ id: users.id, name: users.name, color: users.color }).from(users)
              .where(and(eq(users.companyId, p("companyId")), inJsonIds(users.id, "ids"))).prepare(),
        ),
        { companyId, ids: ids(userIds) },
      )
      : [],
    all(
      prepared(db, "ticketDTOs.whatsapps", (d) =>
        d.select({
          id: whatsapps.id,
          name: whatsapps.name,
          channel: whatsapps.channel,
          expiresTicket: whatsapps.expiresTicket,
          groupAsTicket: whatsapps.groupAsTicket,
        }).from(whatsapps)
          .where(and(eq(whatsapps.companyId, p("companyId")), inJsonIds(whatsapps.id, "ids"))).prepare()),
      { companyId, ids: ids(uniq(rows.map((r) => r.whatsappId))) },
    ),
    all(
      prepared(
        db,
        "ticketDTOs.ticketTags",
        (d) =>
          d.select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
            .from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId))
            .where(and(eq(ticketTags.companyId, p("companyId")), inJsonIds(ticketTags.ticketId, "ids")))
            .prepare(),
      ),
      { companyId, ids: ids(rows.map((r) => r.id)) },
    ),
    all(
      prepared(
        db,
        "ticketDTOs.contactTags",
        (d) =>
          d.select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
            .from(contactTags).innerJoin(tags, eq(tags.id, contactTags.tagId))
            .where(and(eq(contactTags.companyId, p("companyId")), inJsonIds(contactTags.contactId, "ids")))
            .prepare(),
      ),
      { companyId, ids: ids(contactIds) },
    ),
    // One seek of messages_ticket_created_idx per ticket: its newest non-private message.
    (batch ? batch.sql : db.all.bind(db))<{ ticketId: number; id: number | null; ack: number | null }>(
      sql`select t.value as ticketId,
      m.id as id, m.ack as ack from json_each(${ids(rows.map((r) => r.id))}) t
      left join messages m on m.id = (select m2.id from messages m2 where m2.ticket_id = t.value
        and m2.is_private = 0 order by m2.created_at desc, m2.id desc limit 1)`,
    ),
  ]);
  batch?.flush();
  const [cs, qs, us, ws, tts, cts, lms] = await relations;
  const byId = <T extends { id: number }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const cMap = byId(cs), qMap = byId(qs), uMap = byId(us), wMap = byId(ws);
  const group = <T extends { id: number; name: string; color: string }>(xs: T[], key: (x: T) => number) => {
    const m = new Map<number, TagRef[]>();
    for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), { id: x.id, name: x.name, color: x.color }]);
    return m;
  };
  const tMap = group(tts, (x) => x.ticketId), ctMap = group(cts, (x) => x.contactId);
  const lastMap = new Map(lms.map((x) => [x.ticketId, x]));
  return rows.map((r) => {
    const c = cMap.get(r.contactId);
    return {
      ...r,
      contact: c
        ? {
          id: c.id,
          name: c.name,
          number: opts.maskNumbers && !c.isGroup ? maskNumber(c.number) : c.number,
          email: c.email,
          urlPicture: c.urlPicture,
          isGroup: c.isGroup,
          channel: c.channel,
          active: c.active,
          disableBot: c.disableBot,
          acceptAudioMessage: c.acceptAudioMessage,
          unreachableAt: c.unreachableAt,
          tags: ctMap.get(c.id) ?? [],
        }
        : null,
      queue: r.queueId ? qMap.get(r.queueId) ?? null : null,
      user: r.userId ? uMap.get(r.userId) ?? null : null,
      whatsapp: r.whatsappId ? wMap.get(r.whatsappId) ?? null : null,
      tags: tMap.get(r.id) ?? [],
      lastMessageId: lastMap.get(r.id)?.id ?? null,
      lastMessageAck: lastMap.get(r.id)?.ack ?? null,
    };
  });
}
