import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Cable, RotateCw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import {
  type Channel,
  type ConnectionRecord,
  type SessionAction,
  useConnectionList,
  useConnectionsLiveUpdates,
  useDeleteConnection,
  useSessionAction,
} from "../api/connections.ts";
import { ConnectionModal } from "./connection_modal.tsx";
import { FirstConnection } from "./first_connection.tsx";
import { ConnectionsTable } from "./connections_table.tsx";
import { NewConnectionMenu } from "./new_connection_menu.tsx";
import { QrModal } from "./qr_modal.tsx";
import { SupportButton } from "./support_button.tsx";

type Editing = { connection: ConnectionRecord | null; channel: Channel };

/** /connections: the company's lines, live, with their session controls (spec 2 §2, §4). */
export function ConnectionsScreen() {
  const { t } = useTranslation("connections");
  const me = useCurrentUser();
  const list = useConnectionList();
  useConnectionsLiveUpdates(me.companyId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ConnectionRecord | null>(null);
  const [disconnecting, setDisconnecting] = useState<ConnectionRecord | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const remove = useDeleteConnection();
  const session = useSessionAction();
  const connections = list.data ?? [];

  const run = async (c: ConnectionRecord | null, action: SessionAction) => {
    setBusyId(c?.id ?? null);
    try {
      await session.mutateAsync({ action, id: c?.id });
      if (action === "disconnect") toastSuccess(t("toasts.disconnected"));
      if (action === "restartAll") toastSuccess(t("toasts.restarting"));
      // A new QR arrives by socket; open the modal so the user sees it as soon as it does.
      if (c && action === "newQr" && c.channel === "whatsapp") setQrId(c.id);
    } catch (err) {
      toastError(err);
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(t("toasts.deleted"));
    } catch (err) {
      toastError(err, { fallbackKey: "connections:toasts.deleteFailed" });
    } finally {
      setDeleting(null);
    }
  };

  const confirmDisconnect = async () => {
    const c = disconnecting;
    setDisconnecting(null);
    if (c) await run(c, "disconnect");
  };

  const closeQr = useCallback(() => setQrId(null), []);

  return (
    <div className="flex flex-col gap-6" data-testid="connections-page">
      <PageHeader
        title={t("title")}
        count={list.data ? connections.length : undefined}
        description={t("description")}
        actions={
          <>
            <Button
              variant="secondary"
              loading={session.isPending && busyId === null}
              onClick={() => run(null, "restartAll")}
              data-testid="conn-restart"
            >
              <RotateCw className="size-4" />
              {t("actions.restart")}
            </Button>
            <SupportButton />
            <NewConnectionMenu onCreate={(channel) => setEditing({ connection: null, channel })} />
          </>
        }
      />
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-auto">
          {list.isPending
            ? <PageSpinner />
            : list.isError
            ? <EmptyState icon={<Cable />} title={t("loadError")} />
            : connections.length === 0
            ? <FirstConnection onCreate={(channel) => setEditing({ connection: null, channel })} />
            : (
              <ConnectionsTable
                connections={connections}
                busyId={busyId}
                onEdit={(c) => setEditing({ connection: c, channel: c.channel })}
                onDelete={setDeleting}
                onShowQr={(c) => setQrId(c.id)}
                onAction={run}
                onDisconnect={setDisconnecting}
              />
            )}
        </div>
      </Card>
      {editing && (
        <ConnectionModal
          key={editing.connection?.id ?? `new-${editing.channel}`}
          open
          connection={editing.connection}
          channel={editing.channel}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {qrId !== null && <QrModal connectionId={qrId} onClose={closeQr} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("confirmDelete.title", { name: deleting?.name ?? "" })}
        description={t("confirmDelete.message")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
      <ConfirmDialog
        open={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title={t("confirmDisconnect.title", { name: disconnecting?.name ?? "" })}
        description={t("confirmDisconnect.message")}
        confirmLabel={t("actions.disconnect")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirmDisconnect}
      />
    </div>
  );
}
