/** The options of spec 2 §3 / §5, in display order, with their choices. */
import { BILLING_CURRENCIES } from "@contract/companies.ts";

export const TOGGLE = ["enabled", "disabled"];

export type SelectSetting = {
  key: string;
  options: string[];
  /** A message field shown (and required) while this setting has the given value. */
  message?: { key: string; when: string };
};

const toggle = (key: string, message?: SelectSetting["message"]): SelectSetting => ({
  key,
  options: TOGGLE,
  message,
});

export const GENERAL_SETTINGS: SelectSetting[] = [
  toggle("userRating"),
  { key: "scheduleType", options: ["disabled", "queue", "company", "connection"] },
  { key: "chatBotType", options: ["text", "list", "button"] },
  toggle("acceptCallWhatsapp", { key: "AcceptCallWhatsappMessage", when: "disabled" }),
  toggle("userRandom"),
  toggle("sendGreetingMessageOneQueues"),
  toggle("sendSignMessage"),
  toggle("sendFarewellWaitingTicket"),
  toggle("sendGreetingAccepted", { key: "greetingAcceptedMessage", when: "enabled" }),
  toggle("sendQueuePosition", { key: "sendQueuePositionMessage", when: "enabled" }),
  toggle("acceptAudioMessageContact"),
  toggle("requiredTag"),
  toggle("sendMsgTransfTicket", { key: "transferMessage", when: "enabled" }),
  toggle("DirectTicketsToWallets"),
  toggle("closeTicketOnTransfer"),
  toggle("showNotificationPending"),
  toggle("pushShowContent"),
  toggle("enableLGPD"),
];

/** Login security: the company's 2FA requirement, and the operator's platform-wide one. */
export const SECURITY_SETTINGS: SelectSetting[] = [toggle("twoFactorRequired")];
export const OPERATOR_SECURITY_SETTINGS: SelectSetting[] = [toggle("twoFactorPlatformRequired")];

export const LGPD_TEXT_SETTINGS = ["lgpdMessage", "lgpdLink"];
export const LGPD_SELECT_SETTINGS: SelectSetting[] = [
  toggle("lgpdConsent"),
  toggle("lgpdDeleteMessage"),
  toggle("lgpdHideNumber"),
];

export const DOWNLOAD_LIMITS = ["32", "64", "128", "256", "512", "1024", "2048"];

export const OPERATOR_SELECT_SETTINGS: SelectSetting[] = [
  toggle("userCreation"),
  toggle("allowSignup"),
  { key: "downloadLimit", options: DOWNLOAD_LIMITS },
  { key: "billingCurrency", options: [...BILLING_CURRENCIES] },
];
export const OPERATOR_TEXT_SETTINGS = ["facebookId", "supportPhone"];
export const OPERATOR_SECRET_SETTINGS = [
  "facebookIdsecret",
  "mpaccesstoken",
  "asaastoken",
  "stripeprivatekey",
  "stripewebhooksecret",
  "efichavepix",
  "eficlientid",
  "eficlientsecret",
  "openaikeyaudio",
];

/** What a select shows when the company has never saved the key. */
export const SETTING_DEFAULTS: Record<string, string> = {
  scheduleType: "disabled",
  chatBotType: "text",
  acceptCallWhatsapp: "enabled",
  userCreation: "enabled",
  allowSignup: "enabled",
  downloadLimit: "64",
  billingCurrency: "BRL",
};

export const defaultFor = (key: string) => SETTING_DEFAULTS[key] ?? "disabled";
