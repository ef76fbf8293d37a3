/**
 * One subscription's delivery log: every event sent to it, newest first, with its state, answer
 * code, attempts and time; a delivery opens with the request body and each attempt; "send again"
 * makes a new attempt of the same event id.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RotateCw, ScrollText } from "lucide-react";
import type {
  WebhookDeliveryDTO,
  WebhookDeliveryStatus,
  WebhookSubscriptionDTO,
} from "@contract/webhooks.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeliveries, useDelivery, useResend } from "../api/webhooks.ts";

const TONE = { pending: "warning", delivered: "success", failed: "danger" } as const;

function StatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation("webhooks");
  return <Badge tone={TONE[status]}>{t(`delivery.status.${status}`)}</Badge>;
}

export function DeliveryLog({ subscription }: { subscription: WebhookSubscriptionDTO }) {
  const { t } = useTranslation("webhooks");
  const [status, setStatus] = useState<WebhookDeliveryStatus | "">("");
  const [open, setOpen] = useState<number | null>(null);
  const list = useDeliveries(subscription.id, status);
  const resend = useResend(subscription.id);
  const rows = list.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const sendAgain = (d: WebhookDeliveryDTO) =>
    resend.mutate(d.id, {
      onSuccess: () => toastSuccess(t("delivery.resent")),
      onError: (e) => toastError(e),
    });
  return (
    <section className="flex flex-col gap-3" data-testid="webhook-delivery-log">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-ink">{t("delivery.title")}</h2>
          <p className="truncate text-sm text-ink-muted">{subscription.url}</p>
        </div>
        <Select
          className="w-44"
          aria-label={t("delivery.filter")}
          value={status || "all"}
          onValueChange={(v) => setStatus(v === "all" ? "" : v as WebhookDeliveryStatus)}
          options={[
            { value: "all", label: t("delivery.all") },
            { value: "delivered", label: t("delivery.status.delivered") },
            { value: "pending", label: t("delivery.status.pending") },
            { value: "failed", label: t("delivery.status.failed") },
          ]}
          data-testid="webhook-delivery-filter"
        />
      </div>
      {list.isLoading ? <PageSpinner /> : !rows.length
        ? (
          <EmptyState
            icon={<ScrollText />}
            title={t("delivery.empty")}
            description={t("delivery.emptyHint")}
          />
        )
        : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
            {rows.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                data-testid={`webhook-delivery-${d.id}`}
              >
                <button
                  type="button"
                  className="flex min-w-0 basis-full cursor-pointer flex-col items-start text-left sm:basis-0 sm:flex-1"
                  onClick={() => setOpen(d.id)}
                  data-testid={`webhook-delivery-open-${d.id}`}
                >
                  <span className="font-mono text-[13px] text-ink">{d.eventType}</span>
                  <span className="w-full truncate text-xs text-ink-subtle">{d.eventId}</span>
                </button>
                <StatusBadge status={d.status} />
                <span className="text-sm text-ink-muted tabular-nums sm:w-24">
                  {d.lastStatusCode ?? (d.lastError ? t("delivery.noAnswer") : "—")}
                </span>
                <span className="hidden w-20 text-sm text-ink-muted sm:inline">
                  {t("delivery.attempts", { count: d.attempts })}
                </span>
                <span className="w-36 text-xs text-ink-muted">
                  {formatDateTime(d.lastAttemptAt ?? d.createdAt)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={resend.isPending && resend.variables === d.id}
                  onClick={() => sendAgain(d)}
                  data-testid={`webhook-resend-${d.id}`}
                >
                  <RotateCw className="size-3.5" />
                  {t("delivery.sendAgain")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      {list.hasNextPage && (
        <Button
          variant="ghost"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          {t("delivery.more")}
        </Button>
      )}
      {open !== null && (
        <DeliveryDetail
          subscriptionId={subscription.id}
          deliveryId={open}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function DeliveryDetail(
  { subscriptionId, deliveryId, onClose }: {
    subscriptionId: number;
    deliveryId: number;
    onClose: () => void;
  },
) {
  const { t } = useTranslation("webhooks");
  const q = useDelivery(subscriptionId, deliveryId);
  const d = q.data;
  const pretty = (body: string) => {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={d ? d.eventType : t("delivery.title")}
      description={d?.eventId}
      className="max-w-2xl"
    >
      {!d ? <PageSpinner /> : (
        <div className="flex flex-col gap-4" data-testid="webhook-delivery-detail">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <StatusBadge status={d.status} />
            {d.nextAttemptAt && d.status === "pending" && (
              <span className="text-ink-muted">
                {t("delivery.nextAt", { at: formatDateTime(d.nextAttemptAt) })}
              </span>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <h3 className="text-[13px] font-medium text-ink-muted">{t("delivery.request")}</h3>
            <pre className="max-h-64 overflow-auto rounded-lg bg-surface-2 p-3 font-mono text-xs text-ink">
              {pretty(d.requestBody)}
            </pre>
          </div>
          <div className="flex flex-col gap-1.5">
            <h3 className="text-[13px] font-medium text-ink-muted">{t("delivery.log")}</h3>
            <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
              {d.log.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col gap-1 px-3 py-2 text-sm"
                  data-testid="webhook-attempt"
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-medium text-ink">
                      {t("delivery.attemptN", { n: a.attempt })}
                      {a.manual && (
                        <span className="ml-1 text-xs text-ink-subtle">({t("delivery.manual")})</span>
                      )}
                    </span>
                    <Badge tone={a.statusCode && a.statusCode < 300 ? "success" : "danger"}>
                      {a.statusCode ?? t("delivery.noAnswer")}
                    </Badge>
                    <span className="text-xs text-ink-muted">{formatDateTime(a.at)}</span>
                    <span className="text-xs text-ink-muted tabular-nums">
                      {t("delivery.duration", { ms: a.durationMs })}
                    </span>
                  </div>
                  {(a.error || a.responseBody) && (
                    <code className="font-mono text-xs break-all text-ink-subtle">
                      {a.responseBody || a.error}
                    </code>
                  )}
                </li>
              ))}
              {!d.log.length && (
                <li className="px-3 py-2 text-sm text-ink-muted">{t("delivery.noAttempts")}</li>
              )}
            </ul>
          </div>
        </div>
      )}
    </Dialog>
  );
}
