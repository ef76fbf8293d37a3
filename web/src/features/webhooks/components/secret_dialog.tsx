/** The signing secret, shown once (after a create or a rotation), with how to verify a signature. */
import { useTranslation } from "react-i18next";
import { SecretDialog as Shown } from "../../../components/ui/secret_dialog.tsx";

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation("webhooks");
  return (
    <Shown
      value={secret}
      as="code"
      title={t("secret.title")}
      description={t("secret.description")}
      labels={{ copy: t("secret.copy"), done: t("secret.done") }}
      testIds={{ value: "webhook-secret", done: "webhook-secret-done" }}
      onDone={onClose}
    >
      <div className="flex flex-col gap-1.5 text-sm text-ink-muted">
        <p>{t("secret.howTo")}</p>
        <pre className="overflow-x-auto rounded-lg bg-surface-2 p-3 font-mono text-xs text-ink">
{`Atende-Signature: t=<unix>,v1=<hex>
v1 == HMAC-SHA256(secret, t + "." + rawBody)
|now - t| <= 300 s`}
        </pre>
      </div>
    </Shown>
  );
}
