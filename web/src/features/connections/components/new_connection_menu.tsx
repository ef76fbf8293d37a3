import { useTranslation } from "react-i18next";
import { ChevronDown, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../components/ui/dropdown_menu.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { planAllows } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { Channel } from "../api/connections.ts";
import { connectMeta } from "../api/facebook_login.ts";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";

/** 'New connection': WhatsApp, Cloud API, Facebook, Instagram, Telegram per plan flags; the API channel, webchat, e-mail. */
export function NewConnectionMenu(
  { onCreate, testId = "conn-add" }: { onCreate: (channel: Channel) => void; testId?: string },
) {
  const { t } = useTranslation("connections");
  const user = useCurrentUser();
  const wa = planAllows(user, "useWhatsapp");
  const items: { channel: Channel; show: boolean }[] = [
    { channel: "whatsapp", show: wa },
    { channel: "whatsappapi", show: wa },
    { channel: "facebook", show: planAllows(user, "useFacebook") },
    { channel: "instagram", show: planAllows(user, "useInstagram") },
    { channel: "api", show: true },
    { channel: "webchat", show: true },
    { channel: "telegram", show: planAllows(user, "useTelegram") },
    { channel: "email", show: true },
  ];

  const pick = async (channel: Channel) => {
    if (channel !== "facebook" && channel !== "instagram") return onCreate(channel);
    const ig = channel === "instagram";
    const result = await connectMeta(ig);
    if (result === "ok") toastSuccess(t(ig ? "toasts.instagramConnected" : "toasts.facebookConnected"));
    else if (result === "missing-id") toastError(t(ig ? "toasts.instagramIds" : "toasts.facebookIds"));
    else if (result === "failed") toastError(t(ig ? "toasts.instagramFailed" : "toasts.facebookFailed"));
  };

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button data-testid={testId}>
          <Plus className="size-4" />
          {t("actions.add")}
          <ChevronDown className="size-4 opacity-70" />
        </Button>
      </MenuTrigger>
      <MenuContent align="end" className="min-w-56">
        {items.filter((i) => i.show).map(({ channel }) => (
          <MenuItem
            key={channel}
            onSelect={() => void pick(channel)}
            data-testid={`conn-add-${channel}`}
          >
            <ChannelIcon channel={channel} className="size-4" />
            {t(`channels.${channel}`)}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
