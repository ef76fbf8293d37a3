/** The one place that wires domain events to their subscribers (the socket fan-out for now). */
import type { Deps } from "../deps.ts";
import type { UserDTO } from "../users/dto.ts";
import type { Viewer } from "../tickets/policy.ts";
import type { EntityKind } from "./types.ts";

/** Socket event suffix and payload key per entity (spec 1 §4, spec 2 §7, reference §11). */
const ENTITY_EVENTS: Record<EntityKind, { event: string; key: string }> = {
  queue: { event: "queue", key: "queue" },
  tag: { event: "tag", key: "tag" },
  quickMessage: { event: "quickemessage", key: "record" },
  contact: { event: "contact", key: "contact" },
  whatsapp: { event: "whatsapp", key: "whatsapp" },
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

export function wireListeners(deps: Deps): void {
  const { bus, hub } = deps;
  const publish = hub.publish.bind(hub);

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

  bus.on("entity.changed", (e) => {
    const { event, key } = ENTITY_EVENTS[e.entity];
    const data = e.action === "delete" ? { action: "delete", [`${key}Id`]: e.id, id: e.id } : {
      action: e.action,
      [key]: e.record,
    };
    return publish({
      companyId: e.companyId,
      event: `company-${e.companyId}-${event}`,
      data,
      audience: { kind: "company" },
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
