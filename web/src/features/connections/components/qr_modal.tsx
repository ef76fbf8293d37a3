import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { QrCode, Smartphone } from "lucide-react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { useConnectionList } from "../api/connections.ts";

/**
 * The QR of a connection in qrcode state. It reads the connection from the live list, so a new QR
 * from company-{id}-whatsappSession replaces the image and CONNECTED closes the modal.
 */
export function QrModal({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const { t } = useTranslation("connections");
  const { data } = useConnectionList();
  const conn = data?.find((c) => c.id === connectionId);
  const closed = useRef(false);

  useEffect(() => {
    if (closed.current || !conn) return;
    if (conn.status === "CONNECTED") {
      closed.current = true;
      toastSuccess(t("toasts.connected", { name: conn.name }));
      onClose();
    }
  }, [conn, onClose, t]);

  const qr = conn?.qrcode && conn.status !== "CONNECTED" ? conn.qrcode : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("qr.title")}
      description={conn?.name}
      className="max-w-3xl"
    >
      <div className="grid items-center gap-6 pb-1 md:grid-cols-[1fr_auto]" data-testid="qr-modal">
        <ol className="flex flex-col gap-3 text-sm text-ink-muted">
          <li className="flex items-center gap-2 font-medium text-ink">
            <Smartphone className="size-4 text-primary-strong" />
            {t("qr.instructionsTitle")}
          </li>
          {["step1", "step2", "step3", "step4"].map((s, i) => (
            <li key={s} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-strong">
                {i + 1}
              </span>
              <span className="pt-0.5">{t(`qr.${s}`)}</span>
            </li>
          ))}
        </ol>
        <div className="flex size-72 items-center justify-center justify-self-center rounded-2xl border border-line bg-white p-3 shadow-sm">
          {qr
            ? (
              <img
                src={qr}
                alt={t("qr.alt")}
                className="size-full object-contain [image-rendering:pixelated]"
                data-testid="qr-image"
              />
            )
            : (
              <div className="flex flex-col items-center gap-3 text-center text-sm text-ink-subtle">
                <QrCode className="size-10 opacity-40" />
                <Spinner />
                <span data-testid="qr-waiting">{t("qr.waiting")}</span>
              </div>
            )}
        </div>
      </div>
    </Dialog>
  );
}
