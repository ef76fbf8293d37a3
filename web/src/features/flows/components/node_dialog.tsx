import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2, Upload } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toastError } from "../../../lib/toast.ts";
import { uploadFlowFile, usePickList } from "../api/flows.ts";
import { type NodeData, type NodeType } from "./graph.ts";

const CONDITIONS = ["equals", "notEquals", "contains", "greater", "less", "exists"] as const;
const MB = 1024 * 1024;
/** Upload rules of spec 3 §5: type and size per kind. */
const FILE_RULES = {
  img: { accept: "image/png,image/jpeg", max: 2 * MB, tooBig: "editor.errors.tooBig2" },
  audio: {
    accept: "audio/ogg,audio/mpeg,audio/mp3,audio/opus",
    max: 5 * MB,
    tooBig: "editor.errors.tooBig5",
  },
  video: { accept: "video/mp4", max: 20 * MB, tooBig: "editor.errors.tooBig20" },
  pdf: { accept: "application/pdf", max: 5 * MB, tooBig: "editor.errors.tooBig5" },
} as const;
type FileKind = keyof typeof FILE_RULES;

type Props = {
  type: NodeType;
  data: NodeData;
  /** Variables the flow's questions define ({{name}}). */
  variables: string[];
  creating: boolean;
  onSave(data: NodeData): void;
  onClose(): void;
};

/** The edit dialog of one node (create or edit mode), checking the spec's rules before it closes. */
export function NodeDialog({ type, data: initial, variables, creating, onSave, onClose }: Props) {
  const { t } = useTranslation("flows");
  const [d, setD] = useState<NodeData>(() => structuredClone(initial));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: NodeData) => (setD((v) => ({ ...v, ...patch })), setError(null));

  const problem = (): string | null => {
    switch (type) {
      case "message":
        return d.label?.trim() ? null : t("editor.errors.emptyMessage");
      case "menu":
        return d.message?.trim() && d.arrayOption.length &&
            d.arrayOption.every((o: NodeData) => o.value.trim())
          ? null
          : t("editor.errors.emptyMessage");
      case "question":
        if (!d.typebotIntegration.message?.trim()) return t("editor.errors.emptyMessage");
        return /^[A-Za-z_]\w{0,39}$/.test(d.typebotIntegration.answerKey ?? "")
          ? null
          : t("editor.errors.answerKey");
      case "interval": {
        const s = Number(d.sec);
        return !s
          ? t("editor.errors.intervalValue")
          : s > 120 || s < 0
          ? t("editor.errors.intervalMax")
          : null;
      }
      case "condition":
        return d.key?.trim() ? null : t("editor.errors.conditionKey");
      case "img":
      case "audio":
      case "video":
        return d.url ? null : t("editor.errors.emptyCards");
      case "singleBlock": {
        if (!d.seq.length) return t("editor.errors.emptyMessage");
        for (const el of d.elements as NodeData[]) {
          if (el.type === "message" && !String(el.value).trim()) return t("editor.errors.emptyMessage");
          if (el.type === "interval" && (!Number(el.value) || Number(el.value) > 120)) {
            return t("editor.errors.blockInterval");
          }
          if (!["message", "interval"].includes(el.type) && !el.value) return t("editor.errors.emptyCards");
        }
        return null;
      }
      case "ticket":
        return d.id ? null : t("editor.errors.queue");
      case "typebot":
        return d.integrationId ? null : t("editor.errors.required");
      case "openai":
        return d.promptId ? null : t("editor.errors.required");
    }
    return null;
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const p = problem();
    if (p) return setError(p);
    onSave(d);
  };

  return (
    <FormDialog
      title={t(creating ? "editor.addTitle" : "editor.editTitle", { type: t(`types.${type}`) })}
      onClose={onClose}
      formId="flow-node-form"
      formTestId="flow-node-form"
      onSubmit={submit}
      saving={false}
      saveTestId="flow-node-save"
      className="max-w-lg"
    >
      <NodeFields type={type} d={d} set={set} variables={variables} />
      {error && (
        <p role="alert" data-testid="flow-node-error" className="text-sm font-medium text-danger">{error}</p>
      )}
    </FormDialog>
  );
}

function VariablesHint({ variables }: { variables: string[] }) {
  const { t } = useTranslation("flows");
  if (!variables.length) return null;
  return (
    <p className="text-xs text-ink-subtle">
      {t("editor.variables")}{" "}
      {variables.map((v) => <code key={v} className="mr-1 text-primary">{`{{${v}}}`}</code>)}
    </p>
  );
}

function FilePicker(
  { kind, value, original, onChange, testId }: {
    kind: FileKind;
    value: string;
    original?: string;
    onChange(url: string, original: string): void;
    testId: string;
  },
) {
  const { t } = useTranslation("flows");
  const [busy, setBusy] = useState(false);
  const rule = FILE_RULES[kind];
  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (!rule.accept.split(",").includes(f.type)) return toastError(t("editor.errors.fileType"));
    if (f.size > rule.max) return toastError(t(rule.tooBig));
    setBusy(true);
    try {
      const url = await uploadFlowFile(kind === "img" ? "img" : kind === "audio" ? "audio" : "content", f);
      onChange(url, f.name);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Button asChild variant="secondary" size="sm" className={busy ? "pointer-events-none opacity-60" : ""}>
        <label className="cursor-pointer">
          <Upload className="size-4" />
          {t("editor.upload")}
          <input
            type="file"
            accept={rule.accept}
            className="sr-only"
            data-testid={testId}
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </label>
      </Button>
      <span className="truncate text-xs text-ink-muted">
        {original || (value ? value.split("/").pop() : t("editor.noFile"))}
      </span>
    </div>
  );
}

function NodeFields(
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

const BLOCK_KINDS = ["message", "interval", "img", "audio", "video", "pdf"] as const;

/** Content block: an ordered list of texts, pauses and files (seq of keys like message0, img1). */
function BlockFields({ d, set, variables }: { d: NodeData; set(p: NodeData): void; variables: string[] }) {
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
