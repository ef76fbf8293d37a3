/** The webchat connection's settings as stored and sent (the widget's look and rules). */

export const WEBCHAT_POSITIONS = ["right", "left"] as const;
/** The widget's language; "auto" follows the visitor's browser. */
export const WEBCHAT_LANGUAGES = ["auto", "pt", "es", "en", "tr"] as const;
/**
 * Out of hours or with nobody online: "collect" asks the visitor for an e-mail or phone number
 * (and still takes the message); "message" only shows the connection's out-of-hours message.
 */
export const WEBCHAT_OFFLINE = ["collect", "message"] as const;

/** The widget's colour: #rrggbb. */
export const WEBCHAT_COLOR = /^#[0-9a-fA-F]{6}$/;

export type WebchatSettings = {
  color: string;
  title: string;
  greeting: string;
  avatarUrl: string | null;
  position: (typeof WEBCHAT_POSITIONS)[number];
  language: (typeof WEBCHAT_LANGUAGES)[number];
  /** Origins (scheme://host[:port]) whose pages may embed the widget. */
  allowedOrigins: string[];
  offline: (typeof WEBCHAT_OFFLINE)[number];
  /** Whether the company's business hours decide "offline". */
  useBusinessHours: boolean;
};

/** What a new webchat connection starts with. */
export const WEBCHAT_DEFAULTS: WebchatSettings = {
  color: "#2563eb",
  title: "",
  greeting: "",
  avatarUrl: null,
  position: "right",
  language: "auto",
  allowedOrigins: [],
  offline: "collect",
  useBusinessHours: true,
};
