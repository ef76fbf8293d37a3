import { useTranslation } from "react-i18next";
import { Copy, Download } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { toastSuccess } from "../../../lib/toast.ts";

/** The recovery codes, shown once: copy or download them before going on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("twoFactor");
  const text = codes.join("\n");
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toastSuccess(t("recovery.copied"));
  };
  const download = () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text + "\n"], { type: "text/plain" }));
    a.download = "recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <p className="text-sm text-ink-muted">{t("recovery.intro")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-surface-2 p-3 font-mono text-sm">
        {codes.map((c) => <li key={c} data-testid="recovery-code">{c}</li>)}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy className="size-4" />
          {t("recovery.copy")}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="size-4" />
          {t("recovery.download")}
        </Button>
      </div>
    </div>
  );
}
