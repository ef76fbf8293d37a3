/**
 * The Webhooks tab of the Developers page: the company's event subscriptions (URL, events, state,
 * last success), add/edit/delete, a new secret (shown once), and the chosen subscription's
 * delivery log. A paused subscription says why and offers to resume it.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, Pencil, Plus, ScrollText, Trash2, Webhook } from "lucide-react";
import type { WebhookSubscriptionDTO } from "@contract/webhooks.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { toastError } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import {
  useDeleteSubscription,
  useRotateSecret,
  useSaveSubscription,
  useSubscriptions,
} from "../api/webhooks.ts";
import { SubscriptionDialog } from "./subscription_dialog.tsx";
import { SecretDialog } from "./secret_dialog.tsx";
import { DeliveryLog } from "./delivery_log.tsx";

const TONE = { active: "success", paused: "danger", disabled: "neutral" } as const;

export function WebhooksTab() {
  const { t } = useTranslation("webhooks");
  const list = useSubscriptions();
  const remove = useDeleteSubscription();
  const rotate = useRotateSecret();
  const save = useSaveSubscription();
  const [editing, setEditing] = useState<WebhookSubscriptionDTO | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<WebhookSubscriptionDTO | null>(null);
  const [rotating, setRotating] = useState<WebhookSubscriptionDTO | null>(null);
  /** Keep the former secret signing for a day (the default), or drop it at once (a leaked secret). */
  const [overlap, setOverlap] = useState(true);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const subs = list.data ?? [];
  const current = subs.find((s) => s.id === selected) ?? null;
  const resume = (s: WebhookSubscriptionDTO) =>
    save.mutate({
      id: s.id,
      input: { url: s.url, description: s.description, events: s.events, status: "active" },
    }, {
      onError: (e) => toastError(e),
    });

  return (
    <div className="flex flex-col gap-6" data-testid="webhooks-tab">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setEditing(null)} data-testid="webhook-add">
            <Plus className="size-4" />
            {t("add")}
          </Button>
        }
      />
      {list.isLoading
        ? <PageSpinner />
        : !subs.length
        ? <EmptyState icon={<Webhook />} title={t("empty")} description={t("emptyHint")} />
        : (
          <ul className="flex flex-col gap-3">
            {subs.map((s) => (
              <li
                key={s.id}
                className={cn(
                  "flex flex-col gap-3 rounded-xl border bg-surface p-4 lg:flex-row lg:items-center",
                  s.id === selected ? "border-primary" : "border-line",
                )}
                data-testid={`webhook-row-${s.id}`}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-mono text-sm text-ink">{s.url}</span>
                    <Badge tone={TONE[s.status]}>{t(`status.${s.status}`)}</Badge>
                  </div>
                  {s.description && <span className="text-sm text-ink-muted">{s.description}</span>}
                  <span className="text-xs text-ink-subtle">
                    {t("eventsCount", { count: s.events.length })} · {t("secretHint", { hint: s.secretHint })}
                    {s.lastSuccessAt && <>· {t("lastSuccess", { at: formatDateTime(s.lastSuccessAt) })}</>}
                  </span>
                  {s.previousSecretHint && s.previousSecretUntil &&
                    s.previousSecretUntil > new Date().toISOString() && (
                    <span className="text-xs text-warning" data-testid={`webhook-overlap-${s.id}`}>
                      {t("overlapHint", {
                        hint: s.previousSecretHint,
                        at: formatDateTime(s.previousSecretUntil),
                      })}
                    </span>
                  )}
                  {s.status === "paused" && (
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
                      {t("pausedHint", { at: formatDateTime(s.pausedAt) })}
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() =>
                          resume(s)}
                        data-testid={`webhook-resume-${s.id}`}
                      >
                        {t("resume")}
                      </Button>
                    </div>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  <Button
                    variant={s.id === selected ? "primary" : "secondary"}
                    size="sm"
                    onClick={() => setSelected(s.id === selected ? null : s.id)}
                    data-testid={`webhook-log-${s.id}`}
                  >
                    <ScrollText className="size-3.5" />
                    {t("deliveries")}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("edit")}
                    onClick={() => setEditing(s)}
                    data-testid={`webhook-edit-${s.id}`}
                  >
                    <Pencil className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("rotate")}
                    onClick={() => {
                      setOverlap(true);
                      setRotating(s);
                    }}
                    data-testid={`webhook-rotate-${s.id}`}
                  >
                    <KeyRound className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("delete")}
                    onClick={() => setDeleting(s)}
                    data-testid={`webhook-delete-${s.id}`}
                  >
                    <Trash2 className="size-4" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      {current && <DeliveryLog key={current.id} subscription={current} />}
      {editing !== undefined && (
        <SubscriptionDialog
          key={editing?.id ?? "new"}
          record={editing}
          onClose={() => setEditing(undefined)}
          onSecret={setSecret}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("confirmDelete.title")}
        description={t("confirmDelete.description", { url: deleting?.url ?? "" })}
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        loading={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, {
            onSuccess: () => {
              if (selected === deleting.id) setSelected(null);
              setDeleting(null);
            },
            onError: (e) => toastError(e),
          })}
      />
      <ConfirmDialog
        open={!!rotating}
        onOpenChange={(o) => !o && setRotating(null)}
        title={t("confirmRotate.title")}
        description={
          <>
            <span className="block">
              {overlap ? t("confirmRotate.overlap") : t("confirmRotate.description")}
            </span>
            <label className="mt-3 flex cursor-pointer items-start gap-2 text-ink">
              <Checkbox
                className="mt-0.5"
                checked={overlap}
                onCheckedChange={(v) => setOverlap(v === true)}
                data-testid="webhook-rotate-overlap"
              />
              <span>{t("confirmRotate.keepOld")}</span>
            </label>
          </>
        }
        confirmLabel={t("rotate")}
        cancelLabel={t("cancel")}
        loading={rotate.isPending}
        onConfirm={() =>
          rotating && rotate.mutate({ id: rotating.id, overlapHours: overlap ? 24 : 0 }, {
            onSuccess: (r) => {
              setRotating(null);
              setSecret(r.secret);
            },
            onError: (e) => toastError(e),
          })}
      />
    </div>
  );
}
