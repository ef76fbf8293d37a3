/** The "API keys" tab: the company's keys with their last use, create (secret shown once), revoke. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, Plus } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type ApiKeyRow, type CreatedApiKey, useApiKeys, useRevokeApiKey } from "../api/api_keys.ts";
import { CreateKeyDialog } from "./create_key_dialog.tsx";
import { SecretDialog } from "./secret_dialog.tsx";

type State = "active" | "revoked" | "expired";
const stateOf = (k: ApiKeyRow): State =>
  k.revokedAt ? "revoked" : k.expiresAt && new Date(k.expiresAt) <= new Date() ? "expired" : "active";
const TONE = { active: "success", revoked: "danger", expired: "warning" } as const;

function useColumns(onRevoke: (k: ApiKeyRow) => void): Column<ApiKeyRow>[] {
  const { t } = useTranslation("developers");
  return [
    {
      key: "name",
      header: t("keys.columns.name"),
      cell: (k) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{k.name}</span>
          <code className="truncate text-xs text-ink-subtle" data-testid="api-key-prefix">{k.prefix}…</code>
        </div>
      ),
    },
    {
      key: "scopes",
      header: t("keys.columns.scopes"),
      className: "hidden lg:table-cell",
      cell: (k) => (
        <div className="flex max-w-sm flex-wrap gap-1">
          {k.scopes.map((s) => <Badge key={s} className="font-mono">{s}</Badge>)}
        </div>
      ),
    },
    {
      key: "lastUsed",
      header: t("keys.columns.lastUsed"),
      cell: (k) =>
        k.lastUsedAt
          ? (
            <div className="flex flex-col text-xs" data-testid="api-key-last-used">
              <span className="whitespace-nowrap text-ink">{formatDateTime(k.lastUsedAt)}</span>
              <span className="text-ink-subtle">{k.lastUsedIp}</span>
            </div>
          )
          : (
            <span className="text-xs text-ink-subtle" data-testid="api-key-never-used">
              {t("keys.never")}
            </span>
          ),
    },
    {
      key: "expires",
      header: t("keys.columns.expires"),
      className: "hidden sm:table-cell",
      cell: (k) => (
        <span className="whitespace-nowrap text-xs text-ink-muted">
          {k.expiresAt ? formatDate(k.expiresAt) : t("keys.noExpiry")}
        </span>
      ),
    },
    {
      key: "state",
      header: t("keys.columns.state"),
      cell: (k) => {
        const s = stateOf(k);
        return <Badge tone={TONE[s]} data-testid="api-key-state">{t(`keys.states.${s}`)}</Badge>;
      },
    },
    {
      key: "actions",
      header: "",
      cell: (k) =>
        stateOf(k) === "revoked" ? null : (
          <RowActions
            remove={{
              label: t("keys.revoke.action"),
              onClick: () => onRevoke(k),
              testId: `api-key-revoke-${k.id}`,
            }}
          />
        ),
    },
  ];
}

export function ApiKeysTab() {
  const { t } = useTranslation("developers");
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const columns = useColumns(setRevoking);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toastSuccess(t("keys.revoke.done"));
    } catch (err) {
      toastError(err);
    }
    setRevoking(null);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="api-keys-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-ink-muted">{t("keys.intro")}</p>
        <Button onClick={() => setCreating(true)} data-testid="api-key-create">
          <Plus className="size-4" />
          {t("keys.create.open")}
        </Button>
      </div>
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-18rem)] min-h-48 overflow-auto">
          <DataTable
            columns={columns}
            rows={keys.data ?? []}
            loading={keys.isPending}
            error={keys.isError}
            rowKey={(k) => k.id}
            rowTestId={(k) => `api-key-row-${k.id}`}
            testId="api-keys-table"
            emptyState={
              <EmptyState
                icon={<KeyRound />}
                title={t("keys.empty.title")}
                description={t("keys.empty.description")}
              />
            }
          />
        </div>
      </Card>
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
          }}
        />
      )}
      {created && <SecretDialog apiKey={created} onDone={() => setCreated(null)} />}
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={t("keys.revoke.title", { name: revoking?.name ?? "" })}
        description={t("keys.revoke.message")}
        confirmLabel={t("keys.revoke.action")}
        cancelLabel={t("common:actions.cancel")}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
