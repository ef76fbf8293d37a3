/**
 * Every setting key of spec 2 §3, its default, who may change it and whether it is secret.
 * `platform` keys are the operator's and live on company 1; `company` keys belong to each tenant.
 */
import { z } from "zod";
import { BILLING_CURRENCIES } from "@contract/companies.ts";

type Def = {
  scope: "company" | "platform";
  default: string;
  /** Encrypted at rest, masked when read, readable in full by nobody through the API. */
  secret?: boolean;
  /** Readable without a session through /public-settings. */
  public?: boolean;
  schema?: z.ZodType<string>;
};

const onOff = z.enum(["enabled", "disabled"]);
const text = z.string().max(5000);
const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/);

const company = (dflt: string, schema: z.ZodType<string> = onOff): Def => ({
  scope: "company",
  default: dflt,
  schema,
});
const platform = (dflt: string, extra: Partial<Def> = {}): Def => ({
  scope: "platform",
  default: dflt,
  ...extra,
});

export const SETTINGS: Record<string, Def> = {
  userRating: company("disabled"),
  scheduleType: company("disabled", z.enum(["disabled", "queue", "company", "connection"])),
  chatBotType: company("text", z.enum(["text", "list", "button"])),
  acceptCallWhatsapp: company("enabled"),
  AcceptCallWhatsappMessage: company("", text),
  userRandom: company("disabled"),
  sendGreetingMessageOneQueues: company("enabled"),
  sendSignMessage: company("enabled"),
  sendFarewellWaitingTicket: company("disabled"),
  sendGreetingAccepted: company("disabled"),
  greetingAcceptedMessage: company("", text),
  sendQueuePosition: company("disabled"),
  sendQueuePositionMessage: company("", text),
  acceptAudioMessageContact: company("enabled"),
  enableLGPD: company("disabled"),
  requiredTag: company("disabled"),
  lgpdDeleteMessage: company("disabled"),
  lgpdHideNumber: company("disabled"),
  lgpdConsent: company("disabled"),
  lgpdMessage: company("", text),
  lgpdLink: company("", text),
  sendMsgTransfTicket: company("disabled"),
  transferMessage: company("", text),
  DirectTicketsToWallets: company("disabled"),
  closeTicketOnTransfer: company("disabled"),
  showNotificationPending: company("disabled"),
  /** Every user of the company must log in with a second factor (server/two_factor). */
  twoFactorRequired: company("disabled"),
  /** Push notifications show the message text and the customer's name; disabled: "New message" only. */
  pushShowContent: company("enabled"),
  // operator (company 1)
  userCreation: platform("enabled", { schema: onOff, public: true }),
  allowSignup: platform("enabled", { schema: onOff, public: true }),
  /** Every user of every company must log in with a second factor. */
  twoFactorPlatformRequired: platform("disabled", { schema: onOff }),
  /** The currency new invoices are issued in (each invoice keeps its own). */
  billingCurrency: platform("BRL", { schema: z.enum(BILLING_CURRENCIES) }),
  downloadLimit: platform("64", { schema: z.enum(["32", "64", "128", "256", "512", "1024", "2048"]) }),
  facebookId: platform("", { schema: text }),
  /** The operator's support WhatsApp number: "Call support" on every company's Connections page. */
  supportPhone: platform("", { schema: z.string().trim().max(30).regex(/^\+?[\d\s().-]*$/), public: true }),
  facebookIdsecret: platform("", { secret: true }),
  efichavepix: platform("", { secret: true }),
  /** Efí API application credentials (PIX charges with the certificate of /settings/cert-upload). */
  eficlientid: platform("", { secret: true }),
  eficlientsecret: platform("", { secret: true }),
  mpaccesstoken: platform("", { secret: true }),
  asaastoken: platform("", { secret: true }),
  stripeprivatekey: platform("", { secret: true }),
  /** The signing secret of the Stripe webhook endpoint (whsec_…). */
  stripewebhooksecret: platform("", { secret: true }),
  openaikeyaudio: platform("", { secret: true }),
  primaryColorLight: platform("#5AC2D2", { schema: color, public: true }),
  primaryColorDark: platform("#39ACE7", { schema: color, public: true }),
  appName: platform("Atende", { schema: z.string().max(60), public: true }),
  appLogoLight: platform("", { schema: z.string().max(300), public: true }),
  appLogoDark: platform("", { schema: z.string().max(300), public: true }),
  appLogoFavicon: platform("", { schema: z.string().max(300), public: true }),
};

export const PLATFORM_COMPANY_ID = 1;

export const isKnownSetting = (key: string) => Object.hasOwn(SETTINGS, key);

export const companyKeys = Object.keys(SETTINGS).filter((k) => SETTINGS[k].scope === "company");
export const platformKeys = Object.keys(SETTINGS).filter((k) => SETTINGS[k].scope === "platform");

/** Defaults of the tenant keys, written for a new company. */
export const companyDefaults = (): Record<string, string> =>
  Object.fromEntries(companyKeys.map((k) => [k, SETTINGS[k].default]));
