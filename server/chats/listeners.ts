/** Internal chat events → the members' sockets: company-{id}-chat (spec 2 §7, reference §11). */
import type { Deps } from "../deps.ts";

export function wireChatListeners(deps: Deps): void {
  const { bus, hub } = deps;
  const event = (companyId: number) => `company-${companyId}-chat`;
  bus.on("chat.updated", ({ companyId, chat, memberIds, action }) =>
    hub.publish({
      companyId,
      event: event(companyId),
      data: { action, chat },
      audience: { kind: "users", userIds: memberIds },
    }));
  bus.on("chat.deleted", ({ companyId, chatId, memberIds }) =>
    hub.publish({
      companyId,
      event: event(companyId),
      data: { action: "delete", id: chatId },
      audience: { kind: "users", userIds: memberIds },
    }));
  bus.on("chat.message", ({ companyId, chat, message, memberIds }) =>
    hub.publish({
      companyId,
      event: event(companyId),
      data: { action: "new-message", newMessage: message, chat },
      audience: { kind: "users", userIds: memberIds },
    }));
}
