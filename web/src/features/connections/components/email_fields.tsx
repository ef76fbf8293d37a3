/**
 * The e-mail connection's fields: the mailbox (IMAP: host, port, TLS, user, folder), sending
 * (SMTP, or the same login), the password or an OAuth2 access token for Google/Microsoft
 * mailboxes, the sender and the signature. Passwords are write-only: blank on edit keeps them.
 */
import { Select } from "../../../components/ui/select.tsx";
import type { FieldsProps } from "./connection_form.ts";
import { SwitchRow, useFieldHelpers } from "./field_helpers.tsx";

export function EmailFields(props: FieldsProps) {
  const { values, set, isNew } = props;
  const { t, text, area, field } = useFieldHelpers(props);
  const keep = isNew ? undefined : t("form.emailPasswordKeep");
  return (
    <div className="grid gap-4" data-testid="conn-email-fields">
      <h3 className="text-sm font-semibold text-ink">{t("form.emailIncoming")}</h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        {field(
          "emailImapHost",
          text("emailImapHost", { placeholder: "imap.example.com", testId: "conn-email-imap-host" }),
        )}
        {field("emailImapPort", text("emailImapPort", { type: "number", testId: "conn-email-imap-port" }))}
      </div>
      <SwitchRow
        id="conn-emailImapSecure"
        label={t("form.emailImapSecure")}
        hint={t("form.emailSecureHint")}
        checked={values.emailImapSecure}
        onChange={(v) => set("emailImapSecure", v)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {field("emailImapUser", text("emailImapUser", { testId: "conn-email-user" }))}
        {field("emailImapFolder", text("emailImapFolder"))}
        {field(
          "emailAuth",
          <Select
            id="conn-emailAuth"
            value={values.emailAuth}
            onValueChange={(v) => set("emailAuth", v as typeof values.emailAuth)}
            options={[
              { value: "password", label: t("form.emailAuthPassword") },
              { value: "xoauth2", label: t("form.emailAuthOauth") },
            ]}
          />,
        )}
        {field(
          "emailPassword",
          text("emailPassword", { type: "password", testId: "conn-email-password" }),
          keep ?? (values.emailAuth === "xoauth2" ? t("form.emailOauthHint") : undefined),
        )}
      </div>
      {values.emailAuth === "xoauth2" && (
        <div className="grid gap-4 rounded-lg border border-line p-3" data-testid="conn-email-oauth">
          <div>
            <h4 className="text-[13px] font-semibold text-ink">{t("form.emailOauthRefresh")}</h4>
            <p className="text-[12px] text-ink-muted">{t("form.emailOauthRefreshHint")}</p>
          </div>
          {field(
            "emailOauthTokenUrl",
            text("emailOauthTokenUrl", {
              placeholder: "https://oauth2.googleapis.com/token",
              testId: "conn-email-oauth-token-url",
            }),
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              "emailOauthClientId",
              text("emailOauthClientId", { testId: "conn-email-oauth-client-id" }),
            )}
            {field(
              "emailClientSecret",
              text("emailClientSecret", { type: "password", testId: "conn-email-oauth-client-secret" }),
              keep,
            )}
          </div>
          {field(
            "emailRefreshToken",
            text("emailRefreshToken", { type: "password", testId: "conn-email-oauth-refresh-token" }),
            keep,
          )}
        </div>
      )}
      <h3 className="text-sm font-semibold text-ink">{t("form.emailOutgoing")}</h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        {field(
          "emailSmtpHost",
          text("emailSmtpHost", { placeholder: "smtp.example.com", testId: "conn-email-smtp-host" }),
        )}
        {field("emailSmtpPort", text("emailSmtpPort", { type: "number", testId: "conn-email-smtp-port" }))}
      </div>
      <SwitchRow
        id="conn-emailSmtpSecure"
        label={t("form.emailSmtpSecure")}
        hint={t("form.emailSecureHint")}
        checked={values.emailSmtpSecure}
        onChange={(v) => set("emailSmtpSecure", v)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {field("emailSmtpUser", text("emailSmtpUser"), t("form.emailSmtpUserHint"))}
        {field(
          "emailSmtpPassword",
          text("emailSmtpPassword", { type: "password" }),
          t("form.emailSmtpPasswordHint"),
        )}
        {field("emailFromName", text("emailFromName", { testId: "conn-email-from-name" }))}
        {field("emailFromAddress", text("emailFromAddress", { type: "email", testId: "conn-email-from" }))}
      </div>
      {field("emailSignature", area("emailSignature", 3), t("form.emailSignatureHint"))}
    </div>
  );
}
