/**
 * The drawer's bot switch (spec 1: disableBot per contact; PUT /contacts/toggleDisableBot/{id}):
 * on, chatbots, flows and integrations leave the contact to the attendants.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Switch } from "../../../../components/ui/switch.tsx";
import { api } from "../../../../lib/api.ts";
import { toastError } from "../../../../lib/toast.ts";

export function BotToggle(
  { contactId, disableBot, onChanged }: { contactId: number; disableBot: boolean; onChanged: () => void },
) {
  const { t } = useTranslation("inbox");
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await api.put(`/contacts/toggleDisableBot/${contactId}`, {});
      onChanged();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-ink">
      <span className="flex flex-col">
        {t("drawer.disableBot")}
        <span className="text-xs text-ink-muted">{t("drawer.disableBotHint")}</span>
      </span>
      <Switch
        checked={disableBot}
        disabled={busy}
        onCheckedChange={toggle}
        data-testid="drawer-disable-bot"
      />
    </label>
  );
}
