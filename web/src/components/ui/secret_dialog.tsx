/**
 * A secret shown once — an API key's secret, a connection's token, a webhook's signing secret — in one
 * dialog: the value with a copy button, an optional notice above it, anything a feature adds below it,
 * and Done. The words, test ids and toasts are the feature's; the piece is the same everywhere.
 */
import { type ReactNode, useState } from "react";
import { Check, Copy, KeyRound, TriangleAlert } from "lucide-react";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import { Input } from "./input.tsx";
import { toastError, toastSuccess } from "../../lib/toast.ts";

export type SecretDialogProps = {
  value: string;
  title: string;
  description?: ReactNode;
  /** The line above the value: a warning ("you will not see it again") or a hint. */
  notice?: { text: string; tone: "warning" | "info" };
  /**
   * How the value shows: a read-only field that selects itself on focus (copy button with its label),
   * or a code block that wraps a long secret (icon-only copy button).
   */
  as?: "field" | "code";
  labels: { copy: string; done: string };
  /** Toasts after a copy; without them a copy shows only its check mark (and a failure nothing). */
  toasts?: { copied: string; failed: string };
  /** The check mark turns back into the copy icon after this long; by default it stays. */
  resetCopiedMs?: number;
  /** Test ids of the dialog's body, the value, the copy button and Done. */
  testIds?: { root?: string; value?: string; copy?: string; done?: string };
  onDone: () => void;
  children?: ReactNode;
};

export function SecretDialog(
  {
    value,
    title,
    description,
    notice,
    as = "field",
    labels,
    toasts,
    resetCopiedMs,
    testIds = {},
    onDone,
    children,
  }: SecretDialogProps,
) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      setCopied(true);
      if (toasts) toastSuccess(toasts.copied);
      if (resetCopiedMs) setTimeout(() => setCopied(false), resetCopiedMs);
    } catch {
      if (toasts) toastError(toasts.failed);
    }
  };
  const icon = copied ? <Check className="size-4" /> : <Copy className="size-4" />;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={title}
      description={description}
      footer={<Button onClick={onDone} data-testid={testIds.done}>{labels.done}</Button>}
    >
      <div className="flex flex-col gap-3" data-testid={testIds.root}>
        {notice?.tone === "warning" && (
          <p className="flex gap-2 rounded-lg bg-warning/10 px-3 py-2 text-sm text-ink">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" />
            {notice.text}
          </p>
        )}
        {notice?.tone === "info" && (
          <p className="flex gap-2 text-sm text-ink-muted">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-primary-strong" />
            {notice.text}
          </p>
        )}
        {as === "field"
          ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                value={value}
                aria-label={title}
                className="font-mono text-[13px]"
                data-testid={testIds.value}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="secondary" onClick={copy} data-testid={testIds.copy}>
                {icon}
                {labels.copy}
              </Button>
            </div>
          )
          : (
            <div className="flex items-center gap-2">
              <code
                className="min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-[13px] break-all text-ink"
                data-testid={testIds.value}
              >
                {value}
              </code>
              <Button
                variant="secondary"
                size="icon-sm"
                onClick={copy}
                aria-label={labels.copy}
                data-testid={testIds.copy}
              >
                {icon}
              </Button>
            </div>
          )}
        {children}
      </div>
    </Dialog>
  );
}
