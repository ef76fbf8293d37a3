import { useTranslation } from "react-i18next";
import { Select } from "../../../components/ui/select.tsx";
import { QueuePicker } from "../../users/index.ts";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";
import { type TelegramBot, telegramLink } from "@contract/telegram.ts";
import { type FieldsProps, NO_QUEUE } from "./connection_form.ts";
import { SwitchRow, useFieldHelpers } from "./field_helpers.tsx";
import { EmailFields } from "./email_fields.tsx";

/** The bot a Telegram connection speaks as: its name and public t.me link. */
export function TelegramBotCard({ bot }: { bot: TelegramBot }) {
  const { t } = useTranslation("connections");
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-line px-4 py-3"
      data-testid="conn-telegram-bot"
    >
      <ChannelIcon channel="telegram" className="size-5 shrink-0" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-medium text-ink">{bot.name}</span>
        <a
          href={telegramLink(bot)}
          target="_blank"
          rel="noreferrer"
          className="truncate text-xs text-primary-strong hover:underline"
        >
          {t("form.telegramLink", { username: bot.username })}
        </a>
      </span>
    </div>
  );
}

export function GeneralFields(props: FieldsProps) {
  const { values, set, queues } = props;
  const { t, text, field } = useFieldHelpers(props);
  return (
    <div className="grid gap-4">
      {field("name", text("name", { testId: "conn-name" }))}
      {values.channel === "api" &&
        field(
          "webhookUrl",
          text("webhookUrl", { type: "url", placeholder: "https://", testId: "conn-webhook" }),
          t("form.webhookUrlHint"),
        )}
      {values.channel === "whatsappapi" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {field("metaPhoneNumberId", text("metaPhoneNumberId"))}
          {field("metaBusinessAccountId", text("metaBusinessAccountId"))}
          {field(
            "metaAccessToken",
            text("metaAccessToken", { type: "password" }),
            props.isNew ? undefined : t("form.metaAccessTokenKeep"),
            "sm:col-span-2",
          )}
        </div>
      )}
      {values.channel === "telegram" && (
        <>
          {field(
            "telegramToken",
            text("telegramToken", {
              type: "password",
              placeholder: "123456789:AA…",
              testId: "conn-telegram-token",
            }),
            t(props.isNew ? "form.telegramTokenHint" : "form.telegramTokenKeep"),
          )}
          {props.telegramBot && <TelegramBotCard bot={props.telegramBot} />}
        </>
      )}
      {values.channel === "email" && <EmailFields {...props} />}
      <SwitchRow
        id="conn-isDefault"
        label={t("form.isDefault")}
        hint={t("form.isDefaultHint")}
        checked={values.isDefault}
        onChange={(v) => set("isDefault", v)}
      />
      {(values.channel === "whatsapp" || values.channel === "whatsappapi" || values.channel === "telegram") &&
        (
          <SwitchRow
            id="conn-allowGroup"
            label={t("form.allowGroup")}
            checked={values.allowGroup}
            onChange={(v) => set("allowGroup", v)}
          />
        )}
      {field(
        "queueIds",
        <QueuePicker
          id="conn-queueIds"
          queues={queues}
          value={values.queueIds}
          onChange={(ids) => set("queueIds", ids)}
        />,
        t("form.queueIdsHint"),
      )}
    </div>
  );
}

export function MessageFields(props: FieldsProps) {
  const { area, field, t } = useFieldHelpers(props);
  return (
    <div className="grid gap-4">
      {field("greetingMessage", area("greetingMessage"), t("form.greetingHint"))}
      {field("complationMessage", area("complationMessage"))}
      {field("outOfHoursMessage", area("outOfHoursMessage"))}
      {field("ratingMessage", area("ratingMessage"), t("form.ratingHint"))}
    </div>
  );
}

export function ChatbotFields(props: FieldsProps) {
  const { values, set, queues } = props;
  const { t, text, area, field } = useFieldHelpers(props);
  const queueOptions = [
    { value: NO_QUEUE, label: t("form.noQueue") },
    ...queues.map((q) => ({ value: String(q.id), label: q.name })),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field("timeCreateNewTicket", text("timeCreateNewTicket", { type: "number" }), t("form.minutes"))}
      {field("maxUseBotQueues", text("maxUseBotQueues", { type: "number" }), t("form.zeroUnlimited"))}
      {field("timeUseBotQueues", text("timeUseBotQueues", { type: "number" }), t("form.minutes"))}
      {field("timeSendQueue", text("timeSendQueue", { type: "number" }), t("form.minutes"))}
      {field(
        "sendIdQueue",
        <Select
          id="conn-sendIdQueue"
          value={values.sendIdQueue}
          onValueChange={(v) => set("sendIdQueue", v)}
          options={queueOptions}
        />,
        undefined,
        "sm:col-span-2",
      )}
      {field("expiresTicket", text("expiresTicket", { type: "number" }), t("form.minutesNever"))}
      {field(
        "whenExpiresTicket",
        <Select
          id="conn-whenExpiresTicket"
          value={values.whenExpiresTicket}
          onValueChange={(v) => set("whenExpiresTicket", v)}
          options={[
            { value: "0", label: t("form.whenExpires.any") },
            { value: "1", label: t("form.whenExpires.ours") },
          ]}
        />,
      )}
      {field("expiresInactiveMessage", area("expiresInactiveMessage", 2), undefined, "sm:col-span-2")}
      {field("timeInactiveMessage", text("timeInactiveMessage", { type: "number" }), t("form.minutes"))}
      {field("inactiveMessage", area("inactiveMessage", 2), undefined, "sm:col-span-2")}
    </div>
  );
}

export function AssessmentFields(props: FieldsProps) {
  const { t, text, field } = useFieldHelpers(props);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-ink-muted sm:col-span-2">{t("form.assessmentsIntro")}</p>
      {field("expiresTicketNPS", text("expiresTicketNPS", { type: "number" }), t("form.minutes"))}
      {field("maxUseBotQueuesNPS", text("maxUseBotQueuesNPS", { type: "number" }), t("form.zeroUnlimited"))}
    </div>
  );
}
