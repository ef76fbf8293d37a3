import { useTranslation } from "react-i18next";
import { Paperclip, Zap } from "lucide-react";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { cn } from "../../../../lib/utils.ts";
import { useQuickAnswers } from "../../api/lookups.ts";
import type { QuickMessageDTO as QuickAnswer } from "@contract/quick_messages.ts";
import { cut } from "../../../../lib/format.ts";

const PREVIEW_MAX = 90;

/** The '/' list above the composer: shortcodes matching what follows the slash. */
export function QuickAnswers(
  { filter, active, onPick }: { filter: string; active: number; onPick: (q: QuickAnswer) => void },
) {
  const { t } = useTranslation("tickets");
  const q = useQuickAnswers(true);
  const items = filterQuickAnswers(q.data ?? [], filter);
  return (
    <div
      className="absolute inset-x-3 bottom-full mb-2 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-xl"
      data-testid="quick-answers"
    >
      <p className="flex items-center gap-1.5 px-2.5 py-1.5 text-xs font-semibold text-ink-subtle">
        <Zap className="size-3.5" />
        {t("composer.quickAnswers")}
      </p>
      {q.isPending && (
        <div className="flex justify-center py-3 text-ink-subtle">
          <Spinner className="size-4" />
        </div>
      )}
      {!q.isPending && items.length === 0 && (
        <p className="px-2.5 py-2 text-sm text-ink-subtle">{t("composer.noQuickAnswers")}</p>
      )}
      {items.map((item, i) => (
        <button
          key={item.id}
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item)}
          data-testid={`quick-answer-${item.shortcode}`}
          className={cn(
            "flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-lg px-2.5 py-2 text-left hover:bg-surface-2",
            i === active && "bg-surface-2",
          )}
        >
          <span className="flex items-center gap-1.5 text-sm font-semibold text-ink">
            /{item.shortcode}
            {item.mediaPath && <Paperclip className="size-3.5 text-ink-subtle" />}
          </span>
          <span className="text-xs text-ink-muted">{cut(item.message, PREVIEW_MAX)}</span>
        </button>
      ))}
    </div>
  );
}

export function filterQuickAnswers(all: QuickAnswer[], filter: string): QuickAnswer[] {
  const f = filter.toLowerCase();
  return all.filter((q) => q.shortcode.toLowerCase().includes(f) || q.message.toLowerCase().includes(f));
}
