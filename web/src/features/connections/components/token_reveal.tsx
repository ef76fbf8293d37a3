/**
 * The connection token after creating an api connection: shown once, with a copy
 * button; and the rotate action of the edit dialog (POST /whatsapp/{id}/token).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, KeyRound, RefreshCw } from "lucide-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { api } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type ConnectionRecord, CONNECTIONS_KEY } from "../api/connections.ts";

function useCopy(text: string) {
  const { t } = useTranslation("inbox");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toastSuccess(t("token.copied"));
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toastError(t("connections:toasts.copyFailed"));
    }
  };
  return { copied, copy };
}

/** Shown right after the connection is created, in place of its form. */
export function TokenRevealDialog(
  { connection, onDone }: { connection: ConnectionRecord; onDone: () => void },
) {
  const { t } = useTranslation("inbox");
  const token = connection.token ?? "";
  const { copied, copy } = useCopy(token);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={t("token.title")}
      description={connection.name}
      footer={<Button onClick={onDone} data-testid="token-reveal-done">{t("token.done")}</Button>}
    >
      <div className="flex flex-col gap-3" data-testid="token-reveal">
        <p className="flex gap-2 text-sm text-ink-muted">
          <KeyRound className="mt-0.5 size-4 shrink-0 text-primary-strong" />
          {t("token.createdHint")}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={token}
            aria-label={t("token.title")}
            className="font-mono text-[13px]"
            data-testid="token-reveal-value"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copy} data-testid="token-reveal-copy">
            {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
            {t("token.copy")}
          </Button>
        </div>
      </div>
    </Dialog>
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
