import { useTranslation } from "react-i18next";
import { CircleCheck, CircleX, Loader2, QrCode, RefreshCw, Unplug, Wifi } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { ConnectionRecord, SessionAction } from "../api/connections.ts";

const TONE: Record<string, "success" | "warning" | "danger" | "neutral" | "primary"> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "warning",
  OPENING: "primary",
  connecting: "primary",
  importing: "primary",
  DISCONNECTED: "danger",
  TIMEOUT: "danger",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("connections");
  const tone = TONE[status] ?? "neutral";
  const Icon = tone === "success"
    ? CircleCheck
    : tone === "danger"
    ? CircleX
    : tone === "primary"
    ? Loader2
    : status === "qrcode"
    ? QrCode
    : Wifi;
  return (
    <Badge tone={tone} data-testid="conn-status" data-status={status}>
      <Icon className={tone === "primary" ? "size-3 animate-spin" : "size-3"} />
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

type Props = {
  connection: ConnectionRecord;
  onShowQr: () => void;
  onAction: (action: SessionAction) => void;
  onDisconnect: () => void;
  busy: boolean;
};

/** The per-status session controls of spec 2 §4. */
export function SessionControls({ connection: c, onShowQr, onAction, onDisconnect, busy }: Props) {
  const { t } = useTranslation("connections");
  const id = c.id;
  switch (c.status) {
    case "qrcode":
      return (
        <Button size="sm" onClick={onShowQr} data-testid={`conn-qr-${id}`}>
          <QrCode className="size-4" />
          {t("actions.showQr")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={busy}
            onClick={() => onAction("start")}
            data-testid={`conn-retry-${id}`}
          >
            {!busy && <RefreshCw className="size-4" />}
            {t("actions.tryAgain")}
          </Button>
          {c.channel === "whatsapp" && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction("newQr")}
              data-testid={`conn-newqr-${id}`}
            >
              <QrCode className="size-4" />
              {t("actions.newQr")}
            </Button>
          )}
        </div>
      );
    case "OPENING":
    case "connecting":
      return (
        <Button size="sm" variant="secondary" disabled data-testid={`conn-connecting-${id}`}>
          <Loader2 className="size-4 animate-spin" />
          {t("actions.connecting")}
        </Button>
      );
    case "CONNECTED":
    case "TIMEOUT":
      return (
        <Button
          size="sm"
          variant="secondary"
          // CONNECTED asks first (a new QR scan is needed afterwards); TIMEOUT disconnects at once.
          onClick={c.status === "CONNECTED" ? onDisconnect : () => onAction("disconnect")}
          data-testid={`conn-disconnect-${id}`}
        >
          <Unplug className="size-4" />
          {t("actions.disconnect")}
        </Button>
      );
    default:
      return <span className="text-ink-subtle">—</span>;
  }
}
