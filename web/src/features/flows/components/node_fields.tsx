// The fields of the node dialog, one case per node type (the content block's are in block_fields.tsx).
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { usePickList } from "../api/flows.ts";
import { BlockFields } from "./block_fields.tsx";
import { FilePicker } from "./file_picker.tsx";
import { type NodeData, type NodeType } from "./graph.ts";
import { VariablesHint } from "./variables_hint.tsx";

const CONDITIONS = ["equals", "notEquals", "contains", "greater", "less", "exists"] as const;

export function NodeFields(
  { type, d, set, variables }: { type: NodeType; d: NodeData; set(p: NodeData): void; variables: string[] },
) {
  const { t } = useTranslation("flows");
  const queues = usePickList("/queue", type === "ticket");
  const integrations = usePickList("/queueIntegration", type === "typebot");
  const prompts = usePickList("/prompt", type === "openai");
  switch (type) {
    case "start":
      return <p className="text-sm text-ink-muted">{t("nodes.startHint")}</p>;
    case "message":
      return (
        <Field
          label={t("fields.message")}
          htmlFor="node-label"
          hint={<VariablesHint variables={variables} />}
        >
          <Textarea
            id="node-label"
            rows={5}
            value={d.label}
            onChange={(e) => set({ label: e.target.value })}
            autoFocus
          />
        </Field>
      );
    case "menu": {
      const opts: { number: number; value: string }[] = d.arrayOption;
      const setOpts = (o: typeof opts) =>
        set({ arrayOption: o.map((x, i) => ({ number: i + 1, value: x.value })) });
      return (
        <>
          <Field
            label={t("fields.message")}
            htmlFor="node-menu-message"
            hint={<VariablesHint variables={variables} />}
          >
            <Textarea
              id="node-menu-message"
              rows={3}
              value={d.message}
              onChange={(e) => set({ message: e.target.value })}
              autoFocus
            />
          </Field>
          <div className="flex flex-col gap-2">
            {opts.map((o, i) => (
              <div key={i} className="flex items-center gap-2">
                <span className="w-6 text-right text-sm font-semibold tabular-nums text-ink-muted">
                  {i + 1}
                </span>
                <Input
                  aria-label={t("fields.option", { n: i + 1 })}
                  data-testid={`menu-option-${i + 1}`}
                  value={o.value}
                  onChange={(e) =>
                    setOpts(opts.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("editor.delete")}
                  disabled={opts.length === 1}
                  onClick={() => setOpts(opts.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            ))}
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              data-testid="menu-add-option"
              onClick={() => setOpts([...opts, { number: opts.length + 1, value: "" }])}
            >
              <Plus className="size-4" />
              {t("fields.addOption")}
            </Button>
          </div>
        </>
      );
    }
    case "question":
      return (
        <>
          <Field label={t("fields.question")} htmlFor="node-q-message">
            <Textarea
              id="node-q-message"
              rows={3}
              value={d.typebotIntegration.message}
              onChange={(e) =>
                set({ typebotIntegration: { ...d.typebotIntegration, message: e.target.value } })}
              autoFocus
            />
          </Field>
          <Field label={t("fields.answerKey")} htmlFor="node-q-key" hint={t("fields.answerKeyHint")}>
            <Input
              id="node-q-key"
              value={d.typebotIntegration.answerKey}
              onChange={(e) =>
                set({ typebotIntegration: { ...d.typebotIntegration, answerKey: e.target.value.trim() } })}
            />
          </Field>
        </>
      );
    case "interval":
      return (
        <Field label={t("fields.seconds")} htmlFor="node-sec">
          <Input
            id="node-sec"
            type="number"
            min={1}
            max={120}
            value={d.sec}
            onChange={(e) => set({ sec: e.target.value === "" ? "" : Number(e.target.value) })}
            autoFocus
          />
        </Field>
      );
    case "randomizer":
      return (
        <Field label={t("fields.percent", { a: d.percent, b: 100 - d.percent })} htmlFor="node-percent">
          <Slider
            id="node-percent"
            min={0}
            max={100}
            step={10}
            value={[Number(d.percent)]}
            onValueChange={([v]) => set({ percent: v })}
            aria-label={t("fields.percentLabel")}
          />
        </Field>
      );
    case "condition":
      return (
        <>
          <Field
            label={t("fields.variable")}
            htmlFor="node-cond-key"
            hint={<VariablesHint variables={variables} />}
          >
            <Input
              id="node-cond-key"
              value={d.key}
              onChange={(e) => set({ key: e.target.value.trim() })}
              autoFocus
            />
          </Field>
          <Field label={t("fields.condition")} htmlFor="node-cond-op">
            <Select
              id="node-cond-op"
              value={d.condition}
              onValueChange={(v) => set({ condition: v })}
              options={CONDITIONS.map((c) => ({ value: c, label: t(`conditions.${c}`) }))}
            />
          </Field>
          {d.condition !== "exists" && (
            <Field label={t("fields.value")} htmlFor="node-cond-value">
              <Input id="node-cond-value" value={d.value} onChange={(e) => set({ value: e.target.value })} />
            </Field>
          )}
        </>
      );
    case "img":
    case "audio":
    case "video":
      return (
        <>
          <FilePicker
            kind={type}
            value={d.url}
            original={d.original}
            testId={`node-file-${type}`}
            onChange={(url, original) => set({ url, original })}
          />
          {type === "audio" && (
            <label className="flex items-center gap-2 text-sm text-ink-muted">
              <Switch checked={!!d.record} onCheckedChange={(v) => set({ record: v })} />
              {t("fields.record")}
            </label>
          )}
        </>
      );
    case "singleBlock":
      return <BlockFields d={d} set={set} variables={variables} />;
    case "ticket":
      return (
        <Field label={t("fields.queue")} htmlFor="node-queue">
          <Select
            id="node-queue"
            data-testid="node-queue"
            value={d.id ? String(d.id) : undefined}
            placeholder={t("fields.choose")}
            onValueChange={(v) =>
              set({ id: Number(v), name: queues.data?.find((q) => q.id === Number(v))?.name ?? "" })}
            options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
          />
        </Field>
      );
    case "typebot":
    case "openai": {
      const list = type === "typebot" ? integrations : prompts;
      const key = type === "typebot" ? "integrationId" : "promptId";
      return (
        <Field
          label={t(type === "typebot" ? "fields.integration" : "fields.prompt")}
          htmlFor="node-integration"
          hint={!list.isPending && !list.data?.length ? t("fields.noneYet") : undefined}
        >
          <Select
            id="node-integration"
            value={d[key] ? String(d[key]) : undefined}
            placeholder={t("fields.choose")}
            onValueChange={(v) =>
              set({ [key]: Number(v), name: list.data?.find((q) => q.id === Number(v))?.name ?? "" })}
            options={(list.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
          />
        </Field>
      );
    }
  }
}
