/** The signing secret, shown once (after a create or a rotation), with how to verify a signature. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy } from "lucide-react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation("webhooks");
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(secret).then(() => setCopied(true)).catch(() => undefined);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("secret.title")}
      description={t("secret.description")}
      footer={<Button onClick={onClose} data-testid="webhook-secret-done">{t("secret.done")}</Button>}
    >
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-[13px] break-all text-ink"
            data-testid="webhook-secret"
          >
            {secret}
          </code>
          <Button variant="secondary" size="icon-sm" onClick={copy} aria-label={t("secret.copy")}>
            {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
          </Button>
        </div>
        <div className="flex flex-col gap-1.5 text-sm text-ink-muted">
          <p>{t("secret.howTo")}</p>
          <pre className="overflow-x-auto rounded-lg bg-surface-2 p-3 font-mono text-xs text-ink">
{`Atende-Signature: t=<unix>,v1=<hex>
v1 == HMAC-SHA256(secret, t + "." + rawBody)
|now - t| <= 300 s`}
          </pre>
        </div>
      </div>
    </Dialog>
  );
}
