/**
 * Internal chat events → the members' sockets (spec 2 §7, reference §11): every change goes out as
 * `company-{id}-chat` to the members, and also — as the spec's client listens for them — as
 * `company-{id}-chat-{chatId}` (the open conversation) and `company-{id}-chat-user-{userId}` (each
 * member's own list and unread badge). Same payload on every name.
 */
import type { Deps } from "../deps.ts";

export function wireChatListeners(deps: Deps): void {
  const { bus, hub } = deps;
  const publish = (companyId: number, chatId: number, memberIds: number[], data: Record<string, unknown>) => {
    const base = `company-${companyId}-chat`;
    const members = { kind: "users" as const, userIds: memberIds };
    hub.publish({ companyId, event: base, data, audience: members });
    hub.publish({ companyId, event: `${base}-${chatId}`, data, audience: members });
    for (const userId of memberIds) {
      hub.publish({
        companyId,
        event: `${base}-user-${userId}`,
        data,
        audience: { kind: "users", userIds: [userId] },
      });
    }
  };
  bus.on(
    "chat.updated",
    ({ companyId, chat, memberIds, action }) => publish(companyId, chat.id, memberIds, { action, chat }),
  );
  bus.on(
    "chat.deleted",
    ({ companyId, chatId, memberIds }) =>
      publish(companyId, chatId, memberIds, { action: "delete", id: chatId }),
  );
  bus.on(
    "chat.message",
    ({ companyId, chat, message, memberIds }) =>
      publish(companyId, chat.id, memberIds, { action: "new-message", newMessage: message, chat }),
  );
}
