/**
 * The socket fan-out of tickets, messages, users, sessions, company-wide records and settings:
 * domain events become hub envelopes with the spec's event names, filtered by who may see them.
 * Registered by server/compose.ts with every other feature's listeners.
 */
import type { Deps } from "../deps.ts";
import type { EntityKind, EventMap } from "../events/types.ts";
import { scopeChanged, scopeOf, type TicketScope, type Viewer } from "../lib/actor.ts";
import type { Audience, Envelope } from "./hub.ts";
import { maskNumber } from "../lib/lgpd.ts";
import { previewMessage } from "@contract/messages.ts";

type TicketDTO = EventMap["ticket.updated"]["ticket"];
type UserDTO = EventMap["user.updated"]["user"];

const withId = (t: TicketScope & { id: number }) => ({ id: t.id, ...scopeOf(t) });

const maskTicket = (t: TicketDTO): TicketDTO =>
  t.contact && !t.contact.isGroup
    ? { ...t, contact: { ...t.contact, number: maskNumber(t.contact.number) } }
    : t;

/** Socket event suffix and payload key per entity (spec 1 §4, spec 2 §7, reference §11). */
const ENTITY_EVENTS: Record<EntityKind, { event: string; key: string }> = {
  queue: { event: "queue", key: "queue" },
  tag: { event: "tag", key: "tag" },
  quickMessage: { event: "quickemessage", key: "record" },
  contact: { event: "contact", key: "contact" },
  whatsapp: { event: "whatsapp", key: "whatsapp" },
  file: { event: "file", key: "file" },
  contactList: { event: "ContactList", key: "record" },
  contactListItem: { event: "ContactListItem", key: "record" },
  campaign: { event: "campaign", key: "record" },
  schedule: { event: "schedule", key: "schedule" },
  prompt: { event: "prompt", key: "prompt" },
  queueIntegration: { event: "queueIntegration", key: "queueIntegration" },
};

const viewerOfDTO = (u: UserDTO): Viewer => ({
  userId: u.id,
  profile: u.profile,
  super: u.super,
  queueIds: u.queues.map((q) => q.id),
  allTicket: u.allTicket,
  allowGroup: u.allowGroup,
  allUserChat: u.allUserChat,
  allHistoric: u.allHistoric,
});

export function wireRealtimeListeners(deps: Deps): void {
  const { bus, hub } = deps;
  const publish = hub.publish.bind(hub);
  const hidesNumbers = async (companyId: number) =>
    (await deps.caches.settings.get(companyId, "lgpdHideNumber")) === "enabled";

  /**
   * Ticket-scoped events go only to viewers allowed to see the ticket. With lgpdHideNumber on,
   * admins get the data as is and profile users a copy with the contact's number masked.
   */
  async function publishTicketScoped(
    companyId: number,
    event: string,
    ticket: TicketDTO,
    data: (t: TicketDTO) => unknown,
    scope: TicketScope & { id: number } = ticket,
  ) {
    const audience: Audience = { kind: "ticket", ticket: withId(scope) };
    const env = (d: unknown, a: Audience): Envelope => ({ companyId, event, data: d, audience: a });
    if (!(await hidesNumbers(companyId))) {
      return await publish(env(data(ticket), audience));
    }
    await publish(env(data(ticket), { ...audience, only: "admin" }));
    await publish(env(data(maskTicket(ticket)), { ...audience, only: "user" }));
  }

  bus.on("ticket.updated", async ({ companyId, ticket, before }) => {
    const event = `company-${companyId}-ticket`;
    if (before && scopeChanged(before, ticket)) {
      await publish({
        companyId,
        event,
        data: { action: "delete", ticketId: ticket.id },
        audience: { kind: "ticket", ticket: { id: ticket.id, ...before } },
      });
    }
    await publishTicketScoped(companyId, event, ticket, (t) => ({ action: "update", ticket: t }));
  });
  bus.on("ticket.deleted", ({ companyId, ticketId, scope }) =>
    publish({
      companyId,
      event: `company-${companyId}-ticket`,
      data: { action: "delete", ticketId },
      audience: { kind: "ticket", ticket: { id: ticketId, ...scope } },
    }));
  bus.on(
    "message.created",
    ({ companyId, message, ticket }) =>
      publishTicketScoped(companyId, `company-${companyId}-appMessage`, ticket, (t) => ({
        action: "create",
        // A long body travels as its preview; the client fetches the rest when it shows it.
        message: previewMessage(message),
        ticket: t,
        contact: t.contact,
      })),
  );
  bus.on(
    "message.updated",
    ({ companyId, message, ticket }) =>
      publishTicketScoped(
        companyId,
        `company-${companyId}-appMessage`,
        ticket,
        () => ({ action: "update", message: previewMessage(message) }),
      ),
  );
  bus.on(
    "message.deleted",
    ({ companyId, messageId, ticket }) =>
      publishTicketScoped(
        companyId,
        `company-${companyId}-appMessage`,
        ticket,
        () => ({ action: "delete", messageId }),
      ),
  );

  for (const name of ["user.created", "user.updated", "user.presence"] as const) {
    bus.on(name, ({ companyId, user }) =>
      publish({
        companyId,
        event: `company-${companyId}-user`,
        data: { action: name === "user.created" ? "create" : "update", user },
        audience: { kind: "company" },
        viewerUpdate: viewerOfDTO(user),
      }));
  }
  bus.on("user.deleted", ({ companyId, userId }) =>
    publish({
      companyId,
      event: `company-${companyId}-user`,
      data: { action: "delete", userId },
      audience: { kind: "company" },
    }));

  // Only the revoked sessions hear it; the new login's own socket is not among them.
  bus.on("auth.sessions_revoked", ({ companyId, userId, sessionIds, reason }) =>
    publish({
      companyId,
      event: `company-${companyId}-auth`,
      data: { action: "logout", reason, user: { id: userId } },
      audience: { kind: "sessions", sessionIds },
      closeSessions: sessionIds,
    }));

  bus.on("entity.changed", async (e) => {
    const { event, key } = ENTITY_EVENTS[e.entity];
    const name = `company-${e.companyId}-${event}`;
    // The spec's client listens for tags under both names: company-{id}-tag and company{id}-tag.
    const publish = async (env: Envelope) => {
      await hub.publish(env);
      if (e.entity === "tag") await hub.publish({ ...env, event: `company${e.companyId}-tag` });
    };
    if (e.action === "delete") {
      return await publish({
        companyId: e.companyId,
        event: name,
        data: { action: "delete", [`${key}Id`]: e.id, id: e.id },
        audience: { kind: "company" },
      });
    }
    if (e.entity === "whatsapp") {
      // Tokens and secrets never travel on the company-wide socket; rights holders fetch them.
      const { token: _t, metaAccessToken: _m, ...conn } = e.record as Record<string, unknown>;
      return await publish({
        companyId: e.companyId,
        event: name,
        data: { action: e.action, [key]: conn },
        audience: { kind: "company" },
      });
    }
    const send = (record: unknown, audience: Audience) =>
      publish({ companyId: e.companyId, event: name, data: { action: e.action, [key]: record }, audience });
    const contact = e.record as { number?: string; isGroup?: boolean; remoteJid?: string | null };
    if (e.entity !== "contact" || contact.isGroup || !(await hidesNumbers(e.companyId))) {
      return await send(e.record, { kind: "company" });
    }
    // LGPD: admins get the record as is, profile users with the number masked.
    await send(e.record, { kind: "profile", profile: "admin" });
    await send({ ...contact, number: maskNumber(contact.number ?? ""), remoteJid: null }, {
      kind: "profile",
      profile: "user",
    });
  });

  bus.on("settings.updated", ({ companyId, key, value }) =>
    publish({
      companyId,
      event: `company-${companyId}-settings`,
      data: { action: "update", setting: { key, value } },
      audience: { kind: "admins" },
    }));
}
