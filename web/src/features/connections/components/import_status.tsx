/**
 * A connection row's import state (spec 2 §4): "preparing" for 35 s after the import's start
 * stamp (statusImportMessages holds it in ms), then, once the phone's history is in and tickets
 * wait to be closed (statusImportMessages = renderButtonCloseTickets), the button that closes them.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { History, Loader2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useCloseImported } from "../api/connections.ts";

const PREPARING_MS = 35_000;
export const RENDER_CLOSE_BUTTON = "renderButtonCloseTickets";

/** The import's start in ms, while statusImportMessages is a stamp. */
function startedAt(status: string | null | undefined): number | null {
  return status && /^\d{10,}$/.test(status) ? Number(status) : null;
}

export function ImportStatus(
  { connection: c }: {
    connection: { id: number; importOldMessages?: string | null; statusImportMessages?: string | null };
  },
) {
  const { t } = useTranslation("inbox");
  const close = useCloseImported();
  const start = c.importOldMessages ? startedAt(c.statusImportMessages) : null;
  const [now, setNow] = useState(() => Date.now());
  const preparing = start !== null && now < start + PREPARING_MS;
  useEffect(() => {
    if (start === null) return;
    setNow(Date.now());
    const left = start + PREPARING_MS - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [start]);

  if (c.statusImportMessages === RENDER_CLOSE_BUTTON) {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={close.isPending}
        onClick={() => close.mutate(c.id)}
        data-testid={`conn-close-imported-${c.id}`}
      >
        {!close.isPending && <History className="size-4" />}
        {t("import.closeTickets")}
      </Button>
    );
  }
  if (!preparing) return null;
  return (
    <Button size="sm" variant="secondary" disabled data-testid={`conn-import-preparing-${c.id}`}>
      <Loader2 className="size-4 animate-spin" />
      {t("import.preparing")}
    </Button>
  );
}
