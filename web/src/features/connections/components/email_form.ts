/**
 * The e-mail connection's part of the connection form: flat string fields (the form's inputs),
 * what a saved connection fills in, the checks the browser can make, and the payload's
 * `emailSettings` / passwords (blank passwords on edit keep the stored ones).
 */
import { EMAIL_DEFAULTS, type EmailAuthKind, type EmailSettings } from "@contract/email.ts";

export type EmailFormValues = {
  emailImapHost: string;
  emailImapPort: string;
  emailImapSecure: boolean;
  emailImapUser: string;
  emailImapFolder: string;
  emailSmtpHost: string;
  emailSmtpPort: string;
  emailSmtpSecure: boolean;
  emailSmtpUser: string;
  emailAuth: EmailAuthKind;
  emailFromName: string;
  emailFromAddress: string;
  emailSignature: string;
  emailPassword: string;
  emailSmtpPassword: string;
  emailOauthTokenUrl: string;
  emailOauthClientId: string;
  emailClientSecret: string;
  emailRefreshToken: string;
};

export function emailValues(s: EmailSettings | null | undefined): EmailFormValues {
  const v = s ?? EMAIL_DEFAULTS;
  return {
    emailImapHost: v.imapHost,
    emailImapPort: String(v.imapPort),
    emailImapSecure: v.imapSecure,
    emailImapUser: v.imapUser,
    emailImapFolder: v.imapFolder,
    emailSmtpHost: v.smtpHost,
    emailSmtpPort: String(v.smtpPort),
    emailSmtpSecure: v.smtpSecure,
    emailSmtpUser: v.smtpUser,
    emailAuth: v.auth,
    emailFromName: v.fromName,
    emailFromAddress: v.fromAddress,
    emailSignature: v.signature,
    emailPassword: "",
    emailSmtpPassword: "",
    emailOauthTokenUrl: v.oauthTokenUrl ?? "",
    emailOauthClientId: v.oauthClientId ?? "",
    emailClientSecret: "",
    emailRefreshToken: "",
  };
}

const HOST_RE = /^[A-Za-z0-9.-]+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const port = (v: string) => /^\d{1,5}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 65535;

/** Error keys (connections namespace) per field. */
export function emailErrors(
  v: EmailFormValues,
  isNew: boolean,
): Partial<Record<keyof EmailFormValues, string>> {
  const e: Partial<Record<keyof EmailFormValues, string>> = {};
  for (const k of ["emailImapHost", "emailSmtpHost"] as const) {
    if (!v[k].trim()) e[k] = "form.errors.required";
    else if (!HOST_RE.test(v[k].trim())) e[k] = "form.errors.host";
  }
  for (const k of ["emailImapPort", "emailSmtpPort"] as const) if (!port(v[k])) e[k] = "form.errors.port";
  if (!v.emailImapUser.trim()) e.emailImapUser = "form.errors.required";
  if (!v.emailFromAddress.trim()) e.emailFromAddress = "form.errors.required";
  else if (!EMAIL_RE.test(v.emailFromAddress.trim())) e.emailFromAddress = "form.errors.email";
  if (isNew && !v.emailPassword) e.emailPassword = "form.errors.required";
  if (
    v.emailAuth === "xoauth2" && v.emailOauthTokenUrl.trim() &&
    !/^https?:\/\/\S+$/.test(v.emailOauthTokenUrl.trim())
  ) {
    e.emailOauthTokenUrl = "form.errors.url";
  }
  return e;
}

export function emailPayload(v: EmailFormValues): {
  emailSettings: EmailSettings;
  emailPassword?: string;
  emailSmtpPassword?: string;
  emailRefreshToken?: string;
  emailClientSecret?: string;
} {
  const oauth = v.emailAuth === "xoauth2";
  return {
    emailSettings: {
      imapHost: v.emailImapHost.trim(),
      imapPort: Number(v.emailImapPort),
      imapSecure: v.emailImapSecure,
      imapUser: v.emailImapUser.trim(),
      imapFolder: v.emailImapFolder.trim() || "INBOX",
      smtpHost: v.emailSmtpHost.trim(),
      smtpPort: Number(v.emailSmtpPort),
      smtpSecure: v.emailSmtpSecure,
      smtpUser: v.emailSmtpUser.trim(),
      auth: v.emailAuth,
      fromName: v.emailFromName.trim(),
      fromAddress: v.emailFromAddress.trim(),
      signature: v.emailSignature,
      ...(oauth && v.emailOauthTokenUrl.trim() ? { oauthTokenUrl: v.emailOauthTokenUrl.trim() } : {}),
      ...(oauth && v.emailOauthClientId.trim() ? { oauthClientId: v.emailOauthClientId.trim() } : {}),
    },
    ...(v.emailPassword ? { emailPassword: v.emailPassword } : {}),
    ...(v.emailSmtpPassword ? { emailSmtpPassword: v.emailSmtpPassword } : {}),
    ...(oauth && v.emailRefreshToken ? { emailRefreshToken: v.emailRefreshToken } : {}),
    ...(oauth && v.emailClientSecret ? { emailClientSecret: v.emailClientSecret } : {}),
  };
}
