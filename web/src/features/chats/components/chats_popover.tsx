import { planAllows } from "../../../lib/permissions.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { listTime } from "../../../lib/format.ts";
import { useTranslation } from "react-i18next";
import { MessageCircleMore } from "lucide-react";
import {
  HeaderPopover,
  type NotificationItem,
  NotificationList,
} from "../../../components/layout/header_popover.tsx";
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

/** The internal chats dropdown: the user's chats with their unread counts; a click opens one. */
function ChatsPopover({ count = 0, items = [] }: { count?: number; items?: NotificationItem[] }) {
  const { t } = useTranslation("shell");
  return (
    <HeaderPopover
      testId="chats-button"
      icon={<MessageCircleMore className="size-[18px]" />}
      label={t("topbar.chats")}
      title={t("topbar.chats")}
      emptyTitle={t("topbar.noChats")}
      emptyHint={t("topbar.noChatsHint")}
      count={count}
    >
      {items.length ? <NotificationList items={items} /> : undefined}
    </HeaderPopover>
  );
}
