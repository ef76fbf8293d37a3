import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { VOICES } from "@contract/integrations.ts";
import { useQueueList } from "../../queues/index.ts";
import { type Prompt, type PromptInput, useSavePrompt } from "../api/integrations.ts";

const NONE = "none";
const FILE_TYPES = /\.(jpe?g|png|pdf|xlsx?|txt)$/i;
const storedName = (path: string) => (path.split("/").pop() ?? "").replace(/^\d+_[A-Za-z0-9]{6}_/, "");

const blank = (): PromptInput => ({
  name: "",
  prompt: "",
  model: "gpt-4o-mini",
  voice: "texto",
  voiceKey: "",
  voiceRegion: "",
  maxTokens: 100,
  temperature: 1,
  apiKey: "",
  queueId: null,
  maxMessages: 10,
});

/** A prompt: name, instructions, model, API key (kept when left masked), queue for transfers, limits, voice. */
export function PromptModal({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }) {
  const { t } = useTranslation("integrations");
  const save = useSavePrompt();
  const queues = useQueueList().data ?? [];
  const [v, setV] = useState<PromptInput>(() => (prompt ? { ...blank(), ...prompt } : blank()));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [file, setFile] = useState<File | null>(null);
  const set = <K extends keyof PromptInput>(k: K, value: PromptInput[K]) => {
    setV((o) => ({ ...o, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const num = (k: "maxTokens" | "temperature" | "maxMessages", s: string) => set(k, s === "" ? 0 : Number(s));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found: Record<string, string | undefined> = {};
    if (!v.name.trim()) found.name = t("validation.required");
    if (!v.prompt.trim()) found.prompt = t("validation.required");
    if (!prompt && !v.apiKey.trim()) found.apiKey = t("validation.required");
    if (!(v.temperature >= 0 && v.temperature <= 2)) found.temperature = t("validation.temperature");
    if (!(v.maxTokens >= 1)) found.maxTokens = t("validation.positive");
    if (!(v.maxMessages >= 1 && v.maxMessages <= 100)) found.maxMessages = t("validation.maxMessages");
    if (file && !FILE_TYPES.test(file.name)) {
      found.file = t("validation.fileFormat");
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save.mutateAsync({ id: prompt?.id, input: { ...v, name: v.name.trim() }, file });
      toastSuccess(t("prompts.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={prompt ? t("prompts.editTitle") : t("prompts.addTitle")}
      className="max-w-2xl"
      onClose={onClose}
      formId="prompt-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="prompt-save"
    >
      <Field label={t("prompts.name")} htmlFor="prompt-name" error={errors.name}>
        <Input id="prompt-name" value={v.name} onChange={(e) => set("name", e.target.value)} autoFocus />
      </Field>
      <Field
        label={t("prompts.prompt")}
        htmlFor="prompt-text"
        error={errors.prompt}
        hint={t("prompts.promptHint")}
      >
        <Textarea
          id="prompt-text"
          rows={5}
          value={v.prompt}
          onChange={(e) => set("prompt", e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("prompts.apiKey")}
          htmlFor="prompt-key"
          error={errors.apiKey}
          hint={prompt?.hasApiKey ? t("prompts.apiKeyKept") : undefined}
        >
          <Input
            id="prompt-key"
            type="password"
            autoComplete="off"
            value={v.apiKey}
            placeholder={prompt?.apiKey || "sk-…"}
            onFocus={() => v.apiKey.startsWith("••••") && set("apiKey", "")}
            onChange={(e) => set("apiKey", e.target.value)}
          />
        </Field>
        <Field label={t("prompts.model")} htmlFor="prompt-model">
          <Input id="prompt-model" value={v.model} onChange={(e) => set("model", e.target.value)} />
        </Field>
      </div>
      <Field label={t("prompts.queue")} htmlFor="prompt-queue" hint={t("prompts.queueHint")}>
        <Select
          id="prompt-queue"
          data-testid="prompt-queue"
          value={v.queueId ? String(v.queueId) : NONE}
          onValueChange={(x) => set("queueId", x === NONE ? null : Number(x))}
          options={[
            { value: NONE, label: t("none") },
            ...queues.map((q) => ({ value: String(q.id), label: q.name })),
          ]}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("prompts.maxTokens")} htmlFor="prompt-tokens" error={errors.maxTokens}>
          <Input
            id="prompt-tokens"
            type="number"
            min={1}
            value={v.maxTokens}
            onChange={(e) => num("maxTokens", e.target.value)}
          />
        </Field>
        <Field label={t("prompts.temperature")} htmlFor="prompt-temp" error={errors.temperature}>
          <Input
            id="prompt-temp"
            type="number"
            step="0.1"
            min={0}
            max={2}
            value={v.temperature}
            onChange={(e) => num("temperature", e.target.value)}
          />
        </Field>
        <Field label={t("prompts.maxMessages")} htmlFor="prompt-history" error={errors.maxMessages}>
          <Input
            id="prompt-history"
            type="number"
            min={1}
            max={100}
            value={v.maxMessages}
            onChange={(e) => num("maxMessages", e.target.value)}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("prompts.voice")} htmlFor="prompt-voice">
          <Select
            id="prompt-voice"
            value={v.voice}
            onValueChange={(x) => set("voice", x)}
            options={VOICES.map((x) => ({ value: x, label: x === "texto" ? t("prompts.voiceText") : x }))}
          />
        </Field>
        {v.voice !== "texto" && (
          <>
            <Field label={t("prompts.voiceKey")} htmlFor="prompt-voice-key">
              <Input
                id="prompt-voice-key"
                type="password"
                autoComplete="off"
                value={v.voiceKey ?? ""}
                onFocus={() => v.voiceKey?.startsWith("••••") && set("voiceKey", "")}
                onChange={(e) => set("voiceKey", e.target.value)}
              />
            </Field>
            <Field label={t("prompts.voiceRegion")} htmlFor="prompt-voice-region">
              <Input
                id="prompt-voice-region"
                value={v.voiceRegion ?? ""}
                onChange={(e) => set("voiceRegion", e.target.value)}
              />
            </Field>
          </>
        )}
      </div>
      <Field
        label={t("prompts.file")}
        htmlFor="prompt-file"
        error={errors.file}
        hint={prompt?.fileNameIA && !file ? storedName(prompt.fileNameIA) : t("prompts.fileHint")}
      >
        <input
          id="prompt-file"
          type="file"
          accept=".jpg,.jpeg,.png,.pdf,.xls,.xlsx,.txt"
          className="block w-full text-xs text-ink-muted file:mr-2 file:rounded-md file:border file:border-line file:bg-surface file:px-2 file:py-1 file:text-xs"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((x) => ({ ...x, file: undefined }));
          }}
        />
      </Field>
    </FormDialog>
  );
}
