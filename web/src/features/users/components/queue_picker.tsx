import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import type { QueueRef as Queue } from "@contract/common.ts";
import { cn } from "../../../lib/utils.ts";

/** Multi-select of queues as toggle chips in each queue's colour. */
export function QueuePicker(
  { id, queues, value, onChange }: {
    id: string;
    queues: Queue[];
    value: number[];
    onChange: (ids: number[]) => void;
  },
) {
  const { t } = useTranslation("users");
  if (!queues.length) {
    return (
      <p id={id} className="rounded-lg border border-dashed border-line px-3 py-2.5 text-sm text-ink-subtle">
        {t("form.noQueues")}
      </p>
    );
  }
  const toggle = (qid: number) =>
    onChange(value.includes(qid) ? value.filter((v) => v !== qid) : [...value, qid]);
  return (
    <div id={id} role="group" className="flex flex-wrap gap-2">
      {queues.map((q) => {
        const on = value.includes(q.id);
        return (
          <button
            key={q.id}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(q.id)}
            className={cn(
              "inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-[13px] font-medium transition-colors",
              on
                ? "border-transparent bg-surface-2 text-ink ring-2"
                : "border-line text-ink-muted hover:bg-surface-2",
            )}
            style={on ? { ["--tw-ring-color" as string]: q.color } : undefined}
          >
            <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} />
            {q.name}
            {on && <Check className="size-3.5" />}
          </button>
        );
      })}
    </div>
  );
}
