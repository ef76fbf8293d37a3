/** The classify dialog's two answers: the suggested tags as chips to add, the suggested queue to move to. */
import { useTranslation } from "react-i18next";
import { ArrowRightLeft, Check, Plus } from "lucide-react";
import type { TagRef } from "@contract/common.ts";
import { Button } from "../../../components/ui/button.tsx";

/** Each suggested tag as a chip: a click adds it to the ticket; one the ticket has shows a check. */
export function SuggestedTags(
  { tags, own, busy, onAdd }: { tags: TagRef[]; own: Set<number>; busy: boolean; onAdd: (t: TagRef) => void },
) {
  const { t } = useTranslation("aiAssist");
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-[13px] font-semibold text-ink">{t("classify.tags")}</h3>
      {tags.length
        ? (
          <div className="flex flex-wrap gap-2">
            {tags.map((tag) => {
              const has = own.has(tag.id);
              return (
                <button
                  key={tag.id}
                  type="button"
                  disabled={has || busy}
                  onClick={() => onAdd(tag)}
                  aria-pressed={has}
                  title={has ? t("classify.tagAdded") : t("classify.addTag")}
                  className="inline-flex max-w-full cursor-pointer items-center gap-1 rounded-full border px-3 py-1 text-[13px] font-medium text-ink transition-colors hover:bg-surface-2 disabled:cursor-default"
                  style={{ borderColor: tag.color }}
                  data-testid={`ai-classify-tag-${tag.id}`}
                  data-applied={has || undefined}
                >
                  {has
                    ? <Check className="size-3.5 shrink-0" style={{ color: tag.color }} />
                    : <Plus className="size-3.5 shrink-0" style={{ color: tag.color }} />}
                  <span className="truncate">{tag.name}</span>
                </button>
              );
            })}
          </div>
        )
        : <p className="text-[13px] text-ink-subtle">{t("classify.noTags")}</p>}
    </section>
  );
}

/** The suggested queue, with "Move" unless the ticket is already in it. */
export function SuggestedQueue(
  { queue, currentQueueId, moving, busy, onMove }: {
    queue: { id: number; name: string; color: string } | undefined;
    currentQueueId: number | null;
    moving: boolean;
    busy: boolean;
    onMove: (queueId: number) => void;
  },
) {
  const { t } = useTranslation("aiAssist");
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-[13px] font-semibold text-ink">{t("classify.queue")}</h3>
      {queue
        ? (
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1 text-[13px] font-medium text-ink"
              data-testid="ai-classify-queue"
            >
              <span className="size-2 rounded-full" style={{ backgroundColor: queue.color }} />
              {queue.name}
            </span>
            {queue.id === currentQueueId
              ? <span className="text-[12px] text-ink-subtle">{t("classify.sameQueue")}</span>
              : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={moving}
                  disabled={busy}
                  onClick={() => onMove(queue.id)}
                  data-testid="ai-classify-move"
                >
                  <ArrowRightLeft className="size-4" />
                  {t("classify.move")}
                </Button>
              )}
          </div>
        )
        : <p className="text-[13px] text-ink-subtle">{t("classify.noQueue")}</p>}
    </section>
  );
}
