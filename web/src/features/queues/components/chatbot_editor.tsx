import { useTranslation } from "react-i18next";
import { CornerDownRight, Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { ChatbotOption, OptionType, QueueRefs, RefOption } from "../api/queues.ts";

/** Spec: at most 20 levels (the server refuses deeper trees too). */
export const MAX_DEPTH = 20;
const TYPES: OptionType[] = ["text", "attendent", "queue", "integration", "file"];
export const NONE = "none";

export const newOption = (): ChatbotOption => ({
  name: "",
  greetingMessage: "",
  queueType: "text",
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  closeTicket: false,
  options: [],
});

/**
 * `queues` holds every queue, the one being edited included: an "Attendant" option may hand the
 * customer to an attendant of this very queue; `selfQueueId` is left out of "Queue" transfers.
 */
export type OptionSources = QueueRefs & { queues: RefOption[]; users: RefOption[]; selfQueueId?: number };

/** Which picker a tree problem belongs under: the reason shows next to the field it concerns. */
const PROBLEM_FIELD: Partial<Record<string, "queue" | "user" | "integration" | "file">> = {
  "validation.optQueue": "queue",
  "validation.optUser": "user",
  "validation.optIntegration": "integration",
  "validation.optFile": "file",
};

/** The first problem of a tree, as [path, i18n key], or null: name ≥ 4, type targets, message to nest. */
export function treeProblem(list: ChatbotOption[], path = ""): [string, string] | null {
  for (const [i, o] of list.entries()) {
    const p = path ? `${path}-${i}` : String(i);
    if (o.name.trim().length < 4) return [p, "validation.optionName"];
    if ((o.queueType === "queue" || o.queueType === "attendent") && !o.optQueueId) {
      return [p, "validation.optQueue"];
    }
    if (o.queueType === "attendent" && !o.optUserId) return [p, "validation.optUser"];
    if (o.queueType === "integration" && !o.optIntegrationId) return [p, "validation.optIntegration"];
    if (o.queueType === "file" && !o.optFileId) return [p, "validation.optFile"];
    if (o.options.length && !o.greetingMessage?.trim()) return [p, "validation.optionMessage"];
    const sub = treeProblem(o.options, p);
    if (sub) return sub;
  }
  return null;
}

type ListProps = {
  options: ChatbotOption[];
  onChange: (next: ChatbotOption[]) => void;
  sources: OptionSources;
  depth: number;
  path: string;
  problem: [string, string] | null;
};

/** The options of one level, each with its nested sub-options (vertical steps). */
export function ChatbotEditor(props: ListProps) {
  const { t } = useTranslation("queues");
  const { options, onChange, depth, path } = props;
  const at = (i: number) => (path ? `${path}-${i}` : String(i));
  return (
    <ol className="flex flex-col gap-3" data-testid={`chatbot-level-${path || "root"}`}>
      {options.map((o, i) => (
        <OptionCard
          key={o.id ?? `new-${i}`}
          {...props}
          option={o}
          index={i}
          path={at(i)}
          onOption={(next) => onChange(options.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(options.filter((_, j) => j !== i))}
        />
      ))}
      {depth === 1 && (
        <li>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange([...options, newOption()])}
            data-testid="chatbot-add-root"
          >
            <Plus className="size-4" />
            {t("chatbot.addOption")}
          </Button>
        </li>
      )}
    </ol>
  );
}

function OptionCard(
  props: ListProps & {
    option: ChatbotOption;
    index: number;
    onOption: (o: ChatbotOption) => void;
    onRemove: () => void;
  },
) {
  const { t } = useTranslation("queues");
  const { option: o, index, path, depth, sources, onOption, onRemove, problem } = props;
  const set = (patch: Partial<ChatbotOption>) => onOption({ ...o, ...patch });
  const mine = problem && problem[0] === path ? problem[1] : null;
  const errAt = mine ? PROBLEM_FIELD[mine] ?? "name" : null;
  const err = errAt === "name" && mine ? t(mine) : null;
  const fieldErr = (f: string) => (errAt === f && mine ? t(mine) : null);
  const queueChoices = o.queueType === "queue"
    ? sources.queues.filter((q) => q.id !== sources.selfQueueId)
    : sources.queues;
  const ids = (list: RefOption[]) => [
    { value: NONE, label: t("fields.none") },
    ...list.map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const pick = (v: string) => (v === NONE ? null : Number(v));
  const idOf = (n: number | null) => (n ? String(n) : NONE);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3"
      data-testid={`chatbot-option-${path}`}
    >
      <div className="flex items-center gap-2">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary-strong">
          {index + 1}
        </span>
        <Input
          aria-label={t("chatbot.name")}
          placeholder={t("chatbot.name")}
          value={o.name}
          onChange={(e) => set({ name: e.target.value })}
          aria-invalid={!!err}
          data-testid={`chatbot-name-${path}`}
        />
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("chatbot.remove")}
          onClick={onRemove}
          data-testid={`chatbot-remove-${path}`}
        >
          <Trash2 className="size-4" />
        </Button>
      </div>
      {err && (
        <p
          role="alert"
          className="text-xs font-medium text-danger"
          data-testid={`chatbot-name-error-${path}`}
        >
          {err}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("chatbot.type")} htmlFor={`chatbot-type-${path}`}>
          <Select
            id={`chatbot-type-${path}`}
            value={o.queueType}
            onValueChange={(v) => set({ queueType: v as OptionType })}
            options={TYPES.map((ty) => ({ value: ty, label: t(`chatbot.types.${ty}`) }))}
            data-testid={`chatbot-type-${path}`}
          />
        </Field>
        {(o.queueType === "queue" || o.queueType === "attendent") && (
          <Field label={t("chatbot.queue")} htmlFor={`chatbot-queue-${path}`} error={fieldErr("queue")}>
            <Select
              id={`chatbot-queue-${path}`}
              value={idOf(o.optQueueId)}
              onValueChange={(v) =>
                set({ optQueueId: pick(v) })}
              options={ids(queueChoices)}
              aria-invalid={fieldErr("queue") ? true : undefined}
              data-testid={`chatbot-queue-${path}`}
            />
          </Field>
        )}
        {o.queueType === "attendent" && (
          <Field label={t("chatbot.user")} htmlFor={`chatbot-user-${path}`} error={fieldErr("user")}>
            <Select
              id={`chatbot-user-${path}`}
              value={idOf(o.optUserId)}
              onValueChange={(v) =>
                set({ optUserId: pick(v) })}
              options={ids(sources.users)}
              data-testid={`chatbot-user-${path}`}
            />
          </Field>
        )}
        {o.queueType === "integration" && (
          <Field
            label={t("chatbot.integration")}
            htmlFor={`chatbot-integration-${path}`}
            error={fieldErr("integration")}
            hint={sources.integrations.length ? undefined : t("fields.noIntegrations")}
          >
            <Select
              id={`chatbot-integration-${path}`}
              value={idOf(o.optIntegrationId)}
              onValueChange={(v) => set({ optIntegrationId: pick(v) })}
              options={ids(sources.integrations)}
              data-testid={`chatbot-integration-${path}`}
            />
          </Field>
        )}
        {o.queueType === "file" && (
          <Field
            label={t("chatbot.file")}
            htmlFor={`chatbot-file-${path}`}
            error={fieldErr("file")}
            hint={sources.files.length ? undefined : t("fields.noFiles")}
          >
            <Select
              id={`chatbot-file-${path}`}
              value={idOf(o.optFileId)}
              onValueChange={(v) => set({ optFileId: pick(v) })}
              options={ids(sources.files)}
              data-testid={`chatbot-file-${path}`}
            />
          </Field>
        )}
      </div>
      <Field
        label={t("chatbot.message")}
        htmlFor={`chatbot-greeting-${path}`}
        hint={t("chatbot.messageHint")}
      >
        <Textarea
          id={`chatbot-greeting-${path}`}
          rows={2}
          value={o.greetingMessage ?? ""}
          onChange={(e) => set({ greetingMessage: e.target.value })}
          data-testid={`chatbot-greeting-${path}`}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-ink-muted">
          <Switch
            checked={o.closeTicket}
            onCheckedChange={(v) => set({ closeTicket: v })}
            data-testid={`chatbot-close-${path}`}
          />
          {t("chatbot.closeTicket")}
        </label>
        {depth < MAX_DEPTH && o.queueType === "text" && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => set({ options: [...o.options, newOption()] })}
            data-testid={`chatbot-add-${path}`}
          >
            <CornerDownRight className="size-4" />
            {t("chatbot.addSub")}
          </Button>
        )}
      </div>
      {o.options.length > 0 && (
        <div className="border-l-2 border-primary/30 pl-3">
          <ChatbotEditor
            {...props}
            options={o.options}
            onChange={(next) => set({ options: next })}
            depth={depth + 1}
            path={path}
          />
        </div>
      )}
    </li>
  );
}
