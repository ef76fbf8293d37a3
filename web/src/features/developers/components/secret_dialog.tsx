/** The new key's secret, shown once right after creation, with a copy button. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { CreatedApiKey } from "../api/api_keys.ts";

export function SecretDialog({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation("developers");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.secret);
      setCopied(true);
      toastSuccess(t("keys.secret.copied"));
    } catch {
      toastError(t("keys.secret.copyFailed"));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={t("keys.secret.title")}
      description={apiKey.name}
      footer={<Button onClick={onDone} data-testid="api-key-secret-done">{t("keys.secret.done")}</Button>}
    >
      <div className="flex flex-col gap-3" data-testid="api-key-secret">
        <p className="flex gap-2 rounded-lg bg-warning/10 px-3 py-2 text-sm text-ink">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" />
          {t("keys.secret.once")}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={apiKey.secret}
            aria-label={t("keys.secret.title")}
            className="font-mono text-[13px]"
            data-testid="api-key-secret-value"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copy} data-testid="api-key-secret-copy">
            {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
            {t("keys.secret.copy")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
