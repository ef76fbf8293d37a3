import { planAllows } from "../../../lib/permissions.ts";
import type { User } from "../../../lib/types.ts";
import { listTime } from "../../tickets/components/format.ts";
import { ChatsPopover } from "../../shell/components/header_popovers.tsx";
import { unreadsOf, useChatsLive, useChatSummary } from "../api/chats.ts";

/** The top bar's internal-chat dropdown, live. */
export function TopBarChats({ user }: { user: User }) {
  const { chats, unread } = useChatSummary(user.id, true);
  return (
    <ChatsPopover
      count={unread}
      items={chats.map((c) => ({
        id: c.id,
        title: c.title,
        body: c.lastMessage,
        time: listTime(c.updatedAt),
        href: `/chats/${c.uuid}`,
        unread: unreadsOf(c, user.id),
      }))}
    />
  );
}

/** Whether the menu shows the chats dot; keeps the chat lists live while signed in. */
export function useUnreadChats(user: User): boolean {
  const enabled = planAllows(user, "useInternalChat");
  useChatsLive(user.companyId);
  return useChatSummary(user.id, enabled).unread > 0 && enabled;
}
