/**
 * The e-mail channel's public shapes: how a support mailbox is reached (IMAP to read, SMTP to send)
 * and how mail is signed. Passwords and OAuth2 tokens are never part of it: they are sealed apart.
 */

/** `password`: LOGIN/PLAIN; `xoauth2`: an OAuth2 access token (Google, Microsoft mailboxes). */
export const EMAIL_AUTH_KINDS = ["password", "xoauth2"] as const;
export type EmailAuthKind = (typeof EMAIL_AUTH_KINDS)[number];

export type EmailSettings = {
  imapHost: string;
  imapPort: number;
  /** TLS from the first byte (993); false: plain or STARTTLS when the server offers it (143). */
  imapSecure: boolean;
  imapUser: string;
  /** The folder read for new mail. */
  imapFolder: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  /** Empty: the IMAP user. */
  smtpUser: string;
  auth: EmailAuthKind;
  /** The sender customers see. */
  fromName: string;
  fromAddress: string;
  /** Added below every reply after the "-- " line. */
  signature: string;
  /**
   * xoauth2: the provider's token endpoint (Google `https://oauth2.googleapis.com/token`, Microsoft
   * `https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token`) and the app's client id, to
   * refresh the access token with the sealed refresh token. Absent: the token is used as given.
   */
  oauthTokenUrl?: string;
  oauthClientId?: string;
};

/** The defaults a new e-mail connection starts from (ports of TLS-wrapped IMAP and submission). */
export const EMAIL_DEFAULTS: EmailSettings = {
  imapHost: "",
  imapPort: 993,
  imapSecure: true,
  imapUser: "",
  imapFolder: "INBOX",
  smtpHost: "",
  smtpPort: 465,
  smtpSecure: true,
  smtpUser: "",
  auth: "password",
  fromName: "",
  fromAddress: "",
  signature: "",
};
