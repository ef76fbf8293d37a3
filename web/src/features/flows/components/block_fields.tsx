// The content block's editor: an ordered list of texts, pauses and files.
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { type FileKind, FilePicker } from "./file_picker.tsx";
import { type NodeData } from "./graph.ts";
import { VariablesHint } from "./variables_hint.tsx";

const BLOCK_KINDS = ["message", "interval", "img", "audio", "video", "pdf"] as const;

/** Content block: an ordered list of texts, pauses and files (seq of keys like message0, img1). */
export function BlockFields(
  { d, set, variables }: { d: NodeData; set(p: NodeData): void; variables: string[] },
) {
  const { t } = useTranslation("flows");
  const els: NodeData[] = d.elements;
  const update = (next: NodeData[]) => set({ elements: next, seq: next.map((e) => e.number) });
  const add = (type: (typeof BLOCK_KINDS)[number]) => {
    const n = els.filter((e) => e.type === type).length;
    let key = `${type}${n}`;
    for (let i = n; els.some((e) => e.number === key); i++) key = `${type}${i + 1}`;
    update([...els, {
      number: key,
      type,
      value: type === "interval" ? 5 : "",
      ...(type === "audio" ? { record: true } : {}),
    }]);
  };
  const patch = (i: number, p: NodeData) => update(els.map((e, j) => (j === i ? { ...e, ...p } : e)));
  return (
    <div className="flex flex-col gap-3">
      <VariablesHint variables={variables} />
      {els.map((el, i) => (
        <div key={el.number} className="flex items-start gap-2 rounded-lg border border-line p-2">
          <span className="mt-2 w-16 shrink-0 text-xs font-semibold text-ink-muted">
            {t(`block.${el.type}`)}
          </span>
          <div className="min-w-0 flex-1">
            {el.type === "message" && (
              <Textarea
                aria-label={t("block.message")}
                rows={2}
                value={el.value}
                onChange={(e) => patch(i, { value: e.target.value })}
              />
            )}
            {el.type === "interval" && (
              <Input
                aria-label={t("fields.seconds")}
                type="number"
                min={1}
                max={120}
                value={el.value}
                onChange={(e) => patch(i, { value: Number(e.target.value) })}
              />
            )}
            {!["message", "interval"].includes(el.type) && (
              <FilePicker
                kind={el.type as FileKind}
                value={el.value}
                original={el.original}
                testId={`block-file-${el.number}`}
                onChange={(url, original) => patch(i, { value: url, original })}
              />
            )}
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("editor.delete")}
            onClick={() =>
              update(els.filter((_, j) =>
                j !== i
              ))}
          >
            <Trash2 className="size-4" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {BLOCK_KINDS.map((k) => (
          <Button
            key={k}
            variant="secondary"
            size="sm"
            data-testid={`block-add-${k}`}
            onClick={() => add(k)}
          >
            <Plus className="size-3.5" />
            {t(`block.${k}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
