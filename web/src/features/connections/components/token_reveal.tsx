/**
 * The connection token after creating an api connection: shown once, with a copy
 * button; and the rotate action of the edit dialog (POST /whatsapp/{id}/token).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RefreshCw } from "lucide-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { SecretDialog } from "../../../components/ui/secret_dialog.tsx";
import { api } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type ConnectionRecord, CONNECTIONS_KEY } from "../api/connections.ts";

/** Shown right after the connection is created, in place of its form. */
export function TokenRevealDialog(
  { connection, onDone }: { connection: ConnectionRecord; onDone: () => void },
) {
  const { t } = useTranslation("inbox");
  return (
    <SecretDialog
      value={connection.token ?? ""}
      title={t("token.title")}
      description={connection.name}
      notice={{ text: t("token.createdHint"), tone: "info" }}
      labels={{ copy: t("token.copy"), done: t("token.done") }}
      toasts={{ copied: t("token.copied"), failed: t("connections:toasts.copyFailed") }}
      resetCopiedMs={1500}
      testIds={{
        root: "token-reveal",
        value: "token-reveal-value",
        copy: "token-reveal-copy",
        done: "token-reveal-done",
      }}
      onDone={onDone}
    />
  );
}

/** The edit dialog's rotate button: a confirmation, then the new token replaces the old one. */
export function TokenRotate({ id, onRotated }: { id: number; onRotated: (token: string) => void }) {
  const { t } = useTranslation("inbox");
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const rotate = useMutation({
    mutationFn: () => api.post<ConnectionRecord>(`/whatsapp/${id}/token`, {}),
    onSuccess: (saved) => {
      qc.setQueryData<ConnectionRecord[]>(
        CONNECTIONS_KEY,
        (list) => list?.map((c) => (c.id === saved.id ? saved : c)),
      );
      if (saved.token) onRotated(saved.token);
      toastSuccess(t("token.rotated"));
    },
    onError: (err) => toastError(err),
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)} data-testid="conn-token-rotate">
        <RefreshCw className="size-4" />
        {t("token.rotate")}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("token.rotateTitle")}
        description={t("token.rotateMessage")}
        confirmLabel={t("token.rotate")}
        cancelLabel={t("common:actions.cancel")}
        loading={rotate.isPending}
        onConfirm={async () => {
          await rotate.mutateAsync().catch(() => undefined);
          setAsking(false);
        }}
      />
    </>
  );
}
