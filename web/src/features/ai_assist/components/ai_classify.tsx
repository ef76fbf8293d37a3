/**
 * "Suggest tags and queue" for a waiting ticket: the header's ⋮ menu opens a dialog that asks the
 * assistant once and shows its picks as chips. Nothing is applied by itself: each tag is added by
 * a click (the ticket-tags call), the queue by another (the ticket's own update, given by the
 * caller so the conversation's flows stay in the tickets feature).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import type { TagRef } from "@contract/common.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useQueueOptions, useTagOptions } from "../../../lib/lookups.ts";
import { errorMessage, toastError } from "../../../lib/toast.ts";
import { addTicketTag } from "../../tags/index.ts";
import { classifyTicket, useAiStatus } from "../api/ai_assist.ts";
import { SuggestedQueue, SuggestedTags } from "./classify_suggestions.tsx";

type TicketLike = { id: number; status: string; queueId: number | null; tags: TagRef[] };

/**
 * The menu entry's state and the dialog: `available` (AI on, budget left, the ticket waiting),
 * `open()` and the `element` to render beside the menu.
 */
export function useAiClassify(ticket: TicketLike, onMoveQueue: (queueId: number) => Promise<void>) {
  const status = useAiStatus();
  const [open, setOpen] = useState(false);
  const available = !!status.data?.available && !status.data.budgetExhausted &&
    ticket.status === "pending";
  return {
    available,
    open: () => setOpen(true),
    element: open
      ? <ClassifyDialog ticket={ticket} onMoveQueue={onMoveQueue} onClose={() => setOpen(false)} />
      : null,
  };
}

function ClassifyDialog(
  { ticket, onMoveQueue, onClose }: {
    ticket: TicketLike;
    onMoveQueue: (queueId: number) => Promise<void>;
    onClose: () => void;
  },
) {
  const { t } = useTranslation("aiAssist");
  const qc = useQueryClient();
  const tags = useTagOptions();
  const queues = useQueueOptions();
  // One question per opening (no retries: each call spends the company's budget).
  const ask = useQuery({
    queryKey: ["ai-assist", "classify", ticket.id],
    queryFn: () => classifyTicket(ticket.id),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  const [added, setAdded] = useState<number[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const own = new Set([...ticket.tags.map((x) => x.id), ...added]);
  const picked = (ask.data?.tagIds ?? []).map((id) => (tags.data ?? []).find((x) => x.id === id))
    .filter((x): x is TagRef => !!x);
  const queue = (queues.data ?? []).find((q) => q.id === ask.data?.queueId);

  const addTag = async (tag: TagRef) => {
    setBusy(`tag-${tag.id}`);
    try {
      await addTicketTag(ticket.id, tag.id);
      setAdded((a) => [...a, tag.id]);
      await qc.invalidateQueries({ queryKey: ["tickets"] });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  const moveQueue = async (queueId: number) => {
    setBusy("queue");
    try {
      await onMoveQueue(queueId);
      onClose();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("classify.title")}
      description={t("classify.description")}
      footer={<Button variant="secondary" onClick={onClose}>{t("close")}</Button>}
    >
      <div className="flex flex-col gap-4" data-testid="ai-classify" data-done={!ask.isPending || undefined}>
        {ask.isPending && (
          <p className="flex items-center gap-2 text-[13px] text-ink-subtle">
            <Sparkles className="size-4 animate-pulse text-primary" />
            {t("writing")}
          </p>
        )}
        {ask.isError && (
          <p
            className="rounded-lg bg-danger/10 px-3 py-2 text-[13px] text-danger"
            data-testid="ai-classify-error"
          >
            {errorMessage(ask.error)}
          </p>
        )}
        {ask.data && (
          <>
            <SuggestedTags tags={picked} own={own} busy={busy !== null} onAdd={addTag} />
            <SuggestedQueue
              queue={queue}
              currentQueueId={ticket.queueId}
              moving={busy === "queue"}
              busy={busy !== null}
              onMove={moveQueue}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
