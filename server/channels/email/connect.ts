/**
 * Saving an e-mail connection: the mailbox's servers, sender and signature are kept in the clear
 * (`email_settings`, shown on the Connections screen); the IMAP password, an SMTP password of its
 * own, or the OAuth2 access token are sealed together (`email_secret`) and never returned. A blank
 * password on edit keeps the stored one. Moving to another mailbox or folder forgets the UID
 * watermark (its UIDs mean nothing there); Message-ID dedupe keeps what was stored already.
 */
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { EMAIL_AUTH_KINDS, type EmailSettings } from "@contract/email.ts";
import { AppError } from "../../lib/errors.ts";

const host = z.string().trim().min(1).max(255).regex(/^[A-Za-z0-9.-]+$/, "a host name");
const port = z.coerce.number().int().min(1).max(65535);

export const emailSettingsInput = z.object({
  imapHost: host,
  imapPort: port,
  imapSecure: z.boolean(),
  imapUser: z.string().trim().min(1).max(320),
  imapFolder: z.string().trim().min(1).max(200).default("INBOX"),
  smtpHost: host,
  smtpPort: port,
  smtpSecure: z.boolean(),
  smtpUser: z.string().trim().max(320).default(""),
  auth: z.enum(EMAIL_AUTH_KINDS).default("password"),
  fromName: z.string().trim().max(100).default(""),
  fromAddress: z.email().max(320),
  signature: z.string().max(2000).default(""),
  oauthTokenUrl: z.url({ protocol: /^https?$/ }).max(2000).optional(),
  oauthClientId: z.string().trim().max(500).optional(),
});

/**
 * What is sealed: the IMAP secret (password or OAuth2 access token) and, when it differs, SMTP's;
 * for OAuth2, the refresh token, the app's client secret and when the access token expires
 * (epoch ms, from the last refresh; oauth.ts).
 */
export type EmailSecret = {
  password: string;
  smtpPassword?: string;
  refreshToken?: string;
  clientSecret?: string;
  expiresAt?: number;
};

type EmailInput = {
  emailSettings?: EmailSettings | null;
  emailPassword?: string | null;
  emailSmtpPassword?: string | null;
  emailRefreshToken?: string | null;
  emailClientSecret?: string | null;
};
type EmailOut = {
  emailSettings?: EmailSettings;
  emailSecret?: string;
  emailUidValidity?: null;
  emailLastUid?: null;
};

const required = (path: string) =>
  new AppError("ERR_VALIDATION", { details: [{ path, code: "required", message: "required" }] });

/**
 * The e-mail columns a create/update writes: nothing for other channels (the fields are dropped);
 * settings and a password required on create; on edit, what came replaces what was stored.
 */
export async function emailFields<T extends EmailInput>(
  deps: Deps,
  channel: string,
  input: T,
  current: ConnectionRow | null,
): Promise<Omit<T, keyof EmailInput> & EmailOut> {
  const { emailSettings, emailPassword, emailSmtpPassword, emailRefreshToken, emailClientSecret, ...rest } =
    input;
  if (channel !== "email") return rest;
  if (!current && !emailSettings) throw required("emailSettings");
  if (!current && !emailPassword) throw required("emailPassword");
  const out: EmailOut = {};
  if (emailSettings) {
    out.emailSettings = emailSettings;
    const before = current?.emailSettings;
    if (
      before && (before.imapHost !== emailSettings.imapHost || before.imapUser !== emailSettings.imapUser ||
        before.imapFolder !== emailSettings.imapFolder)
    ) {
      out.emailUidValidity = null;
      out.emailLastUid = null;
    }
  }
  if (emailPassword || emailSmtpPassword || emailRefreshToken || emailClientSecret) {
    const old = current ? await openSecret(deps, current) : null;
    const secret: EmailSecret = {
      password: emailPassword || old?.password || "",
      smtpPassword: emailSmtpPassword || old?.smtpPassword || undefined,
      refreshToken: emailRefreshToken || old?.refreshToken || undefined,
      clientSecret: emailClientSecret || old?.clientSecret || undefined,
      // A new access token's lifetime is unknown: used until refused (or refreshed on schedule).
      expiresAt: emailPassword ? undefined : old?.expiresAt,
    };
    if (!secret.password) throw required("emailPassword");
    out.emailSecret = await deps.secrets.seal(JSON.stringify(secret));
  }
  return { ...rest, ...out };
}

/** The sealed secret of a connection. */
export async function openSecret(deps: Deps, conn: Pick<ConnectionRow, "emailSecret">): Promise<EmailSecret> {
  if (!conn.emailSecret) throw new Error("the e-mail connection has no password");
  return JSON.parse(await deps.secrets.open(conn.emailSecret)) as EmailSecret;
}
