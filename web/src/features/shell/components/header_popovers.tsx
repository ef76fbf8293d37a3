import { useTranslation } from "react-i18next";
import { Bell } from "lucide-react";
import {
  HeaderPopover,
  type NotificationItem,
  NotificationList,
} from "../../../components/layout/header_popover.tsx";
import { DesktopAlertsOffer, PushDeviceSwitch } from "../../notifications/index.ts";

/** The bell: unread tickets, live; a click opens the conversation. */
export function NotificationsPopover({ count, items = [] }: { count: number; items?: NotificationItem[] }) {
  const { t } = useTranslation("shell");
  return (
    <HeaderPopover
      testId="notifications-button"
      icon={<Bell className="size-[18px]" />}
      label={t("topbar.notifications")}
      title={t("topbar.notifications")}
      emptyTitle={t("topbar.noNotifications")}
      emptyHint={t("topbar.noNotificationsHint")}
      count={count}
      header={
        <>
          <PushDeviceSwitch />
          <DesktopAlertsOffer />
        </>
      }
    >
      {items.length ? <NotificationList items={items} /> : undefined}
    </HeaderPopover>
  );
}
