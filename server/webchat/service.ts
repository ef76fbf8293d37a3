/**
 * Webchat visitors: a session per browser (the visitor token), the visitor's messages
 * into the same inbound pipeline as every channel, history, contact details left offline, typing.
 * The connection is named by its public key (the embed snippet's `data-connection`); the page's
 * Origin must be one the connection allows. A visitor only ever reads its own contact's messages.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { contactCustomFields, contacts, messages, users, webchatVisitors, whatsapps } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { randomString, sha256Hex } from "../lib/crypto.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import { receiveInbound } from "../inbox/pipeline.ts";
import { upsertInboundContact } from "../inbox/contacts.ts";
import { companyCalendar, hoursCheck } from "../companies/calendar.ts";
import { findActiveTicket, findTicket } from "../tickets/repo.ts";
import { canViewTicket, type Viewer } from "../tickets/policy.ts";
import { originAllowed } from "./config.ts";
import { toVisitor } from "./visitor_hub.ts";
import { companies } from "@db/schema.ts";
import type { MessageRow } from "../messages/dto.ts";

export type Visitor = typeof webchatVisitors.$inferSelect;

/** What the widget shows of a message: no attendant ids, no internal fields. */
export type VisitorMessage = {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  createdAt: string;
};

const HISTORY = 50;

/** The webchat connection a public key names, its company active; else 404 (a wrong key or origin). */
export async function connectionForKey(deps: Deps, key: string): Promise<ConnectionRow> {
  if (!/^[A-Za-z0-9]{8,64}$/.test(key)) throw new AppError("ERR_NOT_FOUND");
  const [row] = await deps.db.select({ conn: whatsapps, company: companies }).from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(and(eq(whatsapps.webchatKey, key), eq(whatsapps.channel, "webchat"))).limit(1);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  if (!isSubscriptionActive(row.company, deps.clock.now())) throw new AppError("ERR_NOT_FOUND");
  return row.conn;
}

/** Refuses a page whose origin the connection does not allow (403, nothing else said). */
export function assertOrigin(conn: ConnectionRow, origin: string | null | undefined): string {
  if (!originAllowed(conn.webchat, origin)) throw new AppError("ERR_NO_PERMISSION", { message: "origin" });
  return origin!.toLowerCase();
}

/** The visitor a token belongs to, on this connection only; null when unknown. */
export async function visitorByToken(
  deps: Deps,
  conn: ConnectionRow,
  token: string,
): Promise<Visitor | null> {
  if (!token || token.length > 100) return null;
  const [v] = await deps.db.select().from(webchatVisitors).where(and(
    eq(webchatVisitors.tokenHash, await sha256Hex(token)),
    eq(webchatVisitors.companyId, conn.companyId),
    eq(webchatVisitors.whatsappId, conn.id),
  )).limit(1);
  return v ?? null;
}

/** A new visitor and its token (shown once; only its hash is kept). */
async function createVisitor(deps: Deps, conn: ConnectionRow, origin: string) {
  const token = randomString(40);
  const tokenHash = await sha256Hex(token);
  const [visitor] = await deps.database.write((tx) =>
    tx.insert(webchatVisitors).values({
      companyId: conn.companyId,
      whatsappId: conn.id,
      number: `wc-${randomString(20, "0123456789abcdef")}`,
      tokenHash,
      origin,
    }).returning()
  );
  return { visitor, token };
}

/** Opens (or finds again, by its token) a visitor's conversation: settings, presence and history. */
export async function openSession(
  deps: Deps,
  conn: ConnectionRow,
  origin: string,
  token: string | undefined,
) {
  let visitor = token ? await visitorByToken(deps, conn, token) : null;
  let issued = token;
  if (!visitor) ({ visitor, token: issued } = await createVisitor(deps, conn, origin));
  const cfg = conn.webchat!;
  return {
    token: issued!,
    visitorId: visitor.number,
    online: await isOnline(deps, conn),
    config: {
      color: cfg.color,
      title: cfg.title || conn.name,
      greeting: cfg.greeting,
      avatarUrl: cfg.avatarUrl,
      position: cfg.position,
      language: cfg.language,
      offline: cfg.offline,
      offlineMessage: conn.outOfHoursMessage ?? "",
    },
    contactLeft: await contactLeft(deps, conn.companyId, visitor.number),
    messages: await history(deps, conn.companyId, visitor.number),
  };
}

async function contactOf(deps: Deps, companyId: number, number: string) {
  const [c] = await deps.db.select().from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1);
  return c ?? null;
}

async function contactLeft(deps: Deps, companyId: number, number: string): Promise<boolean> {
  const c = await contactOf(deps, companyId, number);
  if (!c) return false;
  if (c.email) return true;
  const [f] = await deps.db.select({ id: contactCustomFields.id }).from(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, c.id))).limit(
      1,
    );
  return !!f;
}

/** The visitor's last messages, oldest first: only its own contact's, never private notes. */
export async function history(deps: Deps, companyId: number, number: string): Promise<VisitorMessage[]> {
  const c = await contactOf(deps, companyId, number);
  if (!c) return [];
  const rows = await deps.db.select().from(messages).where(and(
    eq(messages.companyId, companyId),
    eq(messages.contactId, c.id),
    eq(messages.isPrivate, false),
    eq(messages.isDeleted, false),
  )).orderBy(desc(messages.id)).limit(HISTORY);
  return await Promise.all(rows.reverse().map((m) => visitorMessage(deps, m)));
}

export async function visitorMessage(
  deps: Deps,
  m: Pick<MessageRow, "id" | "body" | "fromMe" | "mediaType" | "mediaUrl" | "mediaName" | "createdAt">,
): Promise<VisitorMessage> {
  return {
    id: m.id,
    body: m.mediaUrl && m.body === m.mediaName ? "" : m.body,
    fromMe: !m.fromMe, // from the visitor's side: "mine" is what the visitor sent
    mediaType: m.mediaType ?? "chat",
    mediaUrl: m.mediaUrl ? await deps.media.signedUrl(m.mediaUrl, 24 * 3600) : null,
    mediaName: m.mediaName ?? null,
    createdAt: m.createdAt,
  };
}

/**
 * Someone can answer now: within business hours (when the connection uses them and the company's
 * scheduleType names hours) and at least one of the company's users is online.
 */
export async function isOnline(deps: Deps, conn: ConnectionRow): Promise<boolean> {
  if (conn.webchat?.useBusinessHours !== false) {
    const type = await deps.caches.settings.get(conn.companyId, "scheduleType");
    if (type === "company" || type === "connection") {
      const cal = await companyCalendar(deps, conn.companyId);
      const schedules = type === "company" ? cal.schedules : conn.schedules;
      if (!hoursCheck(schedules, cal.timeZone, deps.clock.now()).open) return false;
    }
  }
  const [u] = await deps.db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, conn.companyId), eq(users.online, true))).limit(1);
  return !!u;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A visitor's message (text or a stored upload) into the inbound pipeline; echoed to its other tabs. */
export async function receiveVisitorMessage(
  deps: Deps,
  conn: ConnectionRow,
  visitor: Visitor,
  input: {
    body: string;
    clientId?: string;
    media?: { data: Uint8Array; mimetype: string; filename: string };
  },
): Promise<VisitorMessage> {
  // A client id makes a resend after a dropped socket a duplicate, not a second message.
  const externalId = input.clientId && CLIENT_ID.test(input.clientId)
    ? `wc:${visitor.id}:${input.clientId}`
    : `wc:${visitor.id}:${randomString(20)}`;
  const r = await receiveInbound(deps, {
    connection: conn,
    externalId,
    from: { number: visitor.number, name: visitorName(visitor) },
    fromMe: false,
    body: input.body,
    media: input.media,
  });
  const [row] = await deps.db.select().from(messages)
    .where(and(eq(messages.companyId, conn.companyId), eq(messages.id, r.messageId))).limit(1);
  const out = await visitorMessage(deps, row);
  await toVisitor(deps, conn.companyId, visitor.number, {
    type: "message",
    message: out,
    clientId: input.clientId,
  });
  await deps.database.write((tx) =>
    tx.update(webchatVisitors).set({ lastSeenAt: deps.clock.now().toISOString() })
      .where(eq(webchatVisitors.id, visitor.id))
  );
  return out;
}

const visitorName = (v: Visitor) => `Webchat ${v.number.slice(3, 9)}`;

/** The e-mail and/or phone a visitor left while nobody was online, stored on its contact. */
export async function leaveContact(
  deps: Deps,
  conn: ConnectionRow,
  visitor: Visitor,
  input: { name?: string; email?: string; phone?: string },
): Promise<void> {
  const contact = await deps.database.write(async (tx) => {
    const { contact } = await upsertInboundContact(tx, conn.companyId, {
      number: visitor.number,
      name: input.name?.trim() || visitorName(visitor),
      isGroup: false,
      channel: "webchat",
      whatsappId: conn.id,
    });
    const patch: Partial<typeof contacts.$inferInsert> = { updatedAt: new Date().toISOString() };
    if (input.email) patch.email = input.email;
    if (input.name?.trim()) patch.name = input.name.trim();
    await tx.update(contacts).set(patch).where(eq(contacts.id, contact.id));
    if (input.phone) {
      await tx.delete(contactCustomFields).where(and(
        eq(contactCustomFields.companyId, conn.companyId),
        eq(contactCustomFields.contactId, contact.id),
        inArray(contactCustomFields.name, [PHONE_FIELD]),
      ));
      await tx.insert(contactCustomFields).values({
        companyId: conn.companyId,
        contactId: contact.id,
        name: PHONE_FIELD,
        value: input.phone,
      });
    }
    const [row] = await tx.select().from(contacts).where(eq(contacts.id, contact.id));
    return row;
  });
  deps.bus.emit("entity.changed", {
    companyId: conn.companyId,
    entity: "contact",
    action: "update",
    record: contact,
  });
}

/** The contact's extra-info field that holds a phone number left in the widget. */
export const PHONE_FIELD = "phone";

/** The visitor is typing: the attendants who may see its active ticket are told. */
export async function visitorTyping(deps: Deps, conn: ConnectionRow, visitor: Visitor, typing: boolean) {
  const c = await contactOf(deps, conn.companyId, visitor.number);
  if (!c) return;
  const t = await findActiveTicket(deps.db, conn.companyId, c.id, conn.id);
  if (!t) return;
  deps.bus.emit("webchat.visitor_typing", {
    companyId: conn.companyId,
    ticket: { id: t.id, queueId: t.queueId, userId: t.userId, isGroup: t.isGroup, status: t.status },
    typing,
  });
}

/**
 * An attendant is typing on a ticket (a staff socket frame): if it is a webchat conversation the
 * attendant may see, the visitor is told.
 */
export async function staffTyping(
  deps: Deps,
  companyId: number,
  viewer: Viewer,
  ticketId: number,
  typing: boolean,
): Promise<void> {
  const t = await findTicket(deps.db, companyId, ticketId);
  if (!t || t.channel !== "webchat" || !canViewTicket(viewer, t)) return;
  const [c] = await deps.db.select({ number: contacts.number }).from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, t.contactId))).limit(1);
  if (c) await toVisitor(deps, companyId, c.number, { type: "typing", typing });
}
