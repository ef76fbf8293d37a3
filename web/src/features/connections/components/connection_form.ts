import type { Channel, ConnectionPayload, ConnectionRecord } from "../api/connections.ts";
import type { QueueRef as Queue } from "@contract/common.ts";
import type { TelegramBot } from "@contract/telegram.ts";
import { emailErrors, type EmailFormValues, emailPayload, emailValues } from "./email_form.ts";

export type ConnectionFormValues = EmailFormValues & {
  name: string;
  channel: Channel;
  isDefault: boolean;
  queueIds: number[];
  webhookUrl: string;
  metaPhoneNumberId: string;
  metaBusinessAccountId: string;
  metaAccessToken: string;
  /** telegram: the BotFather token; blank on edit keeps the stored one. */
  telegramToken: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  inactiveMessage: string;
  expiresInactiveMessage: string;
  allowGroup: boolean;
  timeCreateNewTicket: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: string;
  expiresTicket: string;
  whenExpiresTicket: string;
  timeInactiveMessage: string;
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
};

export const NO_QUEUE = "none";
export const NUMBER_FIELDS = [
  "timeCreateNewTicket",
  "maxUseBotQueues",
  "timeUseBotQueues",
  "timeSendQueue",
  "expiresTicket",
  "timeInactiveMessage",
  "expiresTicketNPS",
  "maxUseBotQueuesNPS",
] as const;

export function emptyConnection(channel: Channel): ConnectionFormValues {
  return {
    name: "",
    channel,
    isDefault: false,
    queueIds: [],
    webhookUrl: "",
    metaPhoneNumberId: "",
    metaBusinessAccountId: "",
    metaAccessToken: "",
    telegramToken: "",
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    inactiveMessage: "",
    expiresInactiveMessage: "",
    allowGroup: false,
    timeCreateNewTicket: "0",
    maxUseBotQueues: "3",
    timeUseBotQueues: "0",
    timeSendQueue: "0",
    sendIdQueue: NO_QUEUE,
    expiresTicket: "0",
    whenExpiresTicket: "0",
    timeInactiveMessage: "0",
    expiresTicketNPS: "0",
    maxUseBotQueuesNPS: "3",
    ...emailValues(null),
  };
}

export function fromConnection(c: ConnectionRecord): ConnectionFormValues {
  const base = emptyConnection(c.channel);
  const text = (v: string | null | undefined) => v ?? "";
  const num = (v: number | null | undefined, d: string) => (v == null ? d : String(v));
  return {
    ...base,
    name: c.name,
    isDefault: c.isDefault,
    queueIds: (c.queues ?? []).map((q) => q.id),
    webhookUrl: text(c.webhookUrl),
    metaPhoneNumberId: text(c.metaPhoneNumberId),
    metaBusinessAccountId: text(c.metaBusinessAccountId),
    greetingMessage: text(c.greetingMessage),
    complationMessage: text(c.complationMessage),
    outOfHoursMessage: text(c.outOfHoursMessage),
    ratingMessage: text(c.ratingMessage),
    inactiveMessage: text(c.inactiveMessage),
    expiresInactiveMessage: text(c.expiresInactiveMessage),
    allowGroup: !!c.allowGroup,
    sendIdQueue: c.sendIdQueue ? String(c.sendIdQueue) : NO_QUEUE,
    whenExpiresTicket: num(c.whenExpiresTicket, "0"),
    ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, num(c[f], base[f])])),
    ...emailValues(c.emailSettings),
  };
}

export type FormErrors = Partial<Record<keyof ConnectionFormValues, string>>;

/** What every channel's field group is given by the connection dialog. */
export type FieldsProps = {
  values: ConnectionFormValues;
  errors: FormErrors;
  set: <K extends keyof ConnectionFormValues>(key: K, value: ConnectionFormValues[K]) => void;
  queues: Queue[];
  isNew: boolean;
  /** telegram: the bot the saved token belongs to. */
  telegramBot?: TelegramBot | null;
};
/** The tab that holds each field, so a failed save can jump to the first error. */
export const FIELD_TAB: Partial<Record<keyof ConnectionFormValues, string>> = {
  name: "general",
  webhookUrl: "general",
  metaPhoneNumberId: "general",
  metaAccessToken: "general",
  telegramToken: "general",
  emailImapHost: "general",
  emailImapPort: "general",
  emailImapUser: "general",
  emailPassword: "general",
  emailSmtpHost: "general",
  emailSmtpPort: "general",
  emailFromAddress: "general",
  greetingMessage: "messages",
  ratingMessage: "messages",
  sendIdQueue: "chatbot",
  timeSendQueue: "chatbot",
  expiresTicket: "chatbot",
  expiresTicketNPS: "assessments",
};

const URL_RE = /^https?:\/\/\S+$/i;
/** BotFather's shape (`<bot id>:<secret>`); Telegram itself checks it on save (getMe). */
const TELEGRAM_TOKEN_RE = /^\d{3,20}:[A-Za-z0-9_-]{30,60}$/;
const n = (v: string) => Number(v || 0);

/** Spec 2 §5 rules that can be checked in the browser; error values are keys of the connections ns. */
export function validateConnection(v: ConnectionFormValues, isNew: boolean): FormErrors {
  const e: FormErrors = {};
  const name = v.name.trim();
  if (!name) e.name = "form.errors.required";
  else if (name.length < 2) e.name = "form.errors.tooShort";
  else if (name.length > 50) e.name = "form.errors.tooLong";
  if (v.channel === "api") {
    if (!v.webhookUrl.trim()) e.webhookUrl = "form.errors.required";
    else if (!URL_RE.test(v.webhookUrl.trim())) e.webhookUrl = "form.errors.url";
  }
  if (v.channel === "whatsappapi") {
    if (!/^\d{5,30}$/.test(v.metaPhoneNumberId.trim())) e.metaPhoneNumberId = "form.errors.digits";
    if (isNew && v.metaAccessToken.trim().length < 10) e.metaAccessToken = "form.errors.required";
  }
  if (v.channel === "telegram") {
    const token = v.telegramToken.trim();
    if (isNew && !token) e.telegramToken = "form.errors.required";
    else if (token && !TELEGRAM_TOKEN_RE.test(token)) e.telegramToken = "form.errors.telegramToken";
  }
  if (v.channel === "email") Object.assign(e, emailErrors(v, isNew));
  for (const f of NUMBER_FIELDS) {
    if (!/^\d*$/.test(v[f].trim())) e[f] = "form.errors.number";
  }
  // E-mail may leave it empty: its tickets then take the first queue without a menu.
  if (v.channel !== "email" && v.queueIds.length > 1 && !v.greetingMessage.trim()) {
    e.greetingMessage = "form.errors.greetingRequired";
  }
  if (v.ratingMessage.trim() && n(v.expiresTicketNPS) === 0) e.expiresTicketNPS = "form.errors.expiresNps";
  if (n(v.timeSendQueue) > 0 && v.sendIdQueue === NO_QUEUE) e.sendIdQueue = "form.errors.sendQueue";
  if (n(v.timeSendQueue) === 0 && v.sendIdQueue !== NO_QUEUE) e.timeSendQueue = "form.errors.sendQueueTime";
  if (n(v.timeInactiveMessage) > 0 && n(v.expiresTicket) === 0) e.expiresTicket = "form.errors.expiresTicket";
  return e;
}

export function toPayload(v: ConnectionFormValues, isNew: boolean): ConnectionPayload {
  const text = (s: string) => (s.trim() ? s : null);
  const payload: ConnectionPayload = {
    name: v.name.trim(),
    isDefault: v.isDefault,
    queueIds: v.queueIds,
    greetingMessage: text(v.greetingMessage),
    complationMessage: text(v.complationMessage),
    outOfHoursMessage: text(v.outOfHoursMessage),
    ratingMessage: text(v.ratingMessage),
    inactiveMessage: text(v.inactiveMessage),
    expiresInactiveMessage: text(v.expiresInactiveMessage),
    allowGroup: v.allowGroup,
    sendIdQueue: v.sendIdQueue === NO_QUEUE ? null : Number(v.sendIdQueue),
    whenExpiresTicket: Number(v.whenExpiresTicket),
    ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, n(v[f])])),
  };
  if (isNew) payload.channel = v.channel;
  if (v.channel === "api") payload.webhookUrl = v.webhookUrl.trim();
  if (v.channel === "whatsappapi") {
    payload.metaPhoneNumberId = v.metaPhoneNumberId.trim();
    payload.metaBusinessAccountId = text(v.metaBusinessAccountId.trim());
    // Blank on edit keeps the stored (sealed) token.
    if (v.metaAccessToken.trim()) payload.metaAccessToken = v.metaAccessToken.trim();
  }
  if (v.channel === "telegram" && v.telegramToken.trim()) payload.telegramToken = v.telegramToken.trim();
  if (v.channel === "email") Object.assign(payload, emailPayload(v));
  return payload;
}
