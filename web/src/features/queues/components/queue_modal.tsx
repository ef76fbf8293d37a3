import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Bot, Clock, Settings2 } from "lucide-react";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import {
  type Queue,
  type QueueDetail,
  type QueueInput,
  useQueue,
  useQueueList,
  useQueueRefs,
  useSaveQueue,
  useUserOptions,
} from "../api/queues.ts";
import { ChatbotEditor, NONE, type OptionSources, treeProblem } from "./chatbot_editor.tsx";
import { fullWeek, hoursInvalid, WorkingHoursEditor } from "./working_hours_editor.tsx";

const ROTATION = [2, 5, 10, 15, 30, 45, 60];
const PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#4b5563"];

const blank = (): QueueInput => ({
  name: "",
  color: PALETTE[Math.floor(Math.random() * PALETTE.length)],
  orderQueue: null,
  greetingMessage: "",
  outOfHoursMessage: "",
  schedules: fullWeek([]),
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
  promptId: null,
  chatbots: [],
});

const fromQueue = (q: QueueDetail): QueueInput => {
  const { id: _id, ...rest } = q as QueueDetail & {
    companyId?: number;
    createdAt?: string;
    updatedAt?: string;
  };
  return {
    name: rest.name,
    color: rest.color,
    orderQueue: rest.orderQueue,
    greetingMessage: rest.greetingMessage ?? "",
    outOfHoursMessage: rest.outOfHoursMessage ?? "",
    schedules: fullWeek(rest.schedules),
    closeTicket: rest.closeTicket,
    ativarRoteador: rest.ativarRoteador,
    tempoRoteador: rest.tempoRoteador,
    integrationId: rest.integrationId,
    fileListId: rest.fileListId,
    promptId: rest.promptId,
    chatbots: rest.chatbots,
  };
};

type Errors = Partial<Record<"name" | "color" | "outOfHoursMessage" | "tempoRoteador", string>>;

/** Add/edit a queue: its data and chatbot options, and (scheduleType queue) its hours. */
export function QueueModal(
  { queue, scheduleByQueue, onClose }: { queue: Queue | null; scheduleByQueue: boolean; onClose: () => void },
) {
  const detail = useQueue(queue?.id);
  const loading = !!queue && !detail.data;
  return loading
    ? (
      <QueueForm
        key="loading"
        initial={null}
        queueId={queue.id}
        scheduleByQueue={scheduleByQueue}
        onClose={onClose}
      />
    )
    : (
      <QueueForm
        key="ready"
        initial={detail.data ? fromQueue(detail.data) : blank()}
        queueId={queue?.id}
        scheduleByQueue={scheduleByQueue}
        onClose={onClose}
      />
    );
}

function QueueForm(
  { initial, queueId, scheduleByQueue, onClose }: {
    initial: QueueInput | null;
    queueId?: number;
    scheduleByQueue: boolean;
    onClose: () => void;
  },
) {
  const { t } = useTranslation("queues");
  const save = useSaveQueue();
  const [v, setV] = useState<QueueInput>(() => initial ?? blank());
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<[string, string] | null>(null);
  const [tab, setTab] = useState("data");
  const refs = useQueueRefs().data ?? { integrations: [], prompts: [], files: [] };
  const sources: OptionSources = {
    ...refs,
    queues: useQueueList().data ?? [],
    selfQueueId: queueId,
    users: useUserOptions().data ?? [],
  };
  const set = <K extends keyof QueueInput>(k: K, value: QueueInput[K]) => {
    setV((o) => ({ ...o, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found: Errors = {};
    const name = v.name.trim();
    if (!name) found.name = t("validation.required");
    else if (name.length < 2) found.name = t("validation.tooShort");
    else if (name.length > 50) found.name = t("validation.tooLong");
    if (v.color.length < 3 || v.color.length > 9) found.color = t("validation.color");
    if (v.ativarRoteador && !v.tempoRoteador) found.tempoRoteador = t("validation.rotation");
    if (scheduleByQueue && !v.outOfHoursMessage?.trim()) found.outOfHoursMessage = t("validation.required");
    const tree = treeProblem(v.chatbots);
    setErrors(found);
    setProblem(tree);
    if (found.outOfHoursMessage && Object.keys(found).length === 1) return setTab("hours");
    if (!Object.keys(found).length && !tree && scheduleByQueue && hoursInvalid(v.schedules)) {
      return setTab("hours");
    }
    if (Object.keys(found).length || tree) return setTab("data");
    try {
      await save.mutateAsync({
        id: queueId,
        input: {
          ...v,
          name,
          greetingMessage: v.greetingMessage || null,
          outOfHoursMessage: v.outOfHoursMessage || null,
          tempoRoteador: v.ativarRoteador ? v.tempoRoteador : 0,
        },
      });
      toastSuccess(t("toasts.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const refSelect = (
    id: string,
    value: number | null,
    list: { id: number; name: string }[],
    k: keyof QueueInput,
  ) => (
    <Select
      id={id}
      value={value ? String(value) : NONE}
      onValueChange={(x) => set(k, (x === NONE ? null : Number(x)) as never)}
      options={[
        { value: NONE, label: t("fields.none") },
        ...list.map((r) => ({ value: String(r.id), label: r.name })),
      ]}
      data-testid={id}
    />
  );

  return (
    <FormDialog
      title={queueId ? t("modal.editTitle") : t("modal.addTitle")}
      onClose={onClose}
      className="max-w-3xl"
      formId="queue-form"
      formTestId="queue-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="queue-save"
      loading={!initial}
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="overflow-x-auto">
          <TabsTrigger value="data" data-testid="queue-tab-data">
            <Settings2 className="size-4" />
            {t("modal.tabs.data")}
          </TabsTrigger>
          {scheduleByQueue && (
            <TabsTrigger value="hours" data-testid="queue-tab-hours">
              <Clock className="size-4" />
              {t("modal.tabs.hours")}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="data" forceMount hidden={tab !== "data"} className="flex flex-col gap-4 pt-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_9rem_7rem]">
            <Field label={t("fields.name")} htmlFor="queue-name" error={errors.name}>
              <Input
                id="queue-name"
                value={v.name}
                onChange={(e) => set("name", e.target.value)}
                aria-invalid={!!errors.name}
                autoFocus
              />
            </Field>
            <Field label={t("fields.color")} htmlFor="queue-color" error={errors.color}>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={t("fields.color")}
                  value={v.color.length === 7 ? v.color : "#000000"}
                  onChange={(e) => set("color", e.target.value)}
                  className="size-9 shrink-0 cursor-pointer rounded border border-line bg-transparent"
                />
                <Input id="queue-color" value={v.color} onChange={(e) => set("color", e.target.value)} />
              </div>
            </Field>
            <Field label={t("fields.order")} htmlFor="queue-order">
              <Input
                id="queue-order"
                type="number"
                min={0}
                value={v.orderQueue ?? ""}
                onChange={(e) => set("orderQueue", e.target.value === "" ? null : Number(e.target.value))}
              />
            </Field>
          </div>
          <Field label={t("fields.greeting")} htmlFor="queue-greeting">
            <Textarea
              id="queue-greeting"
              rows={3}
              value={v.greetingMessage ?? ""}
              onChange={(e) => set("greetingMessage", e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label={t("fields.integration")}
              htmlFor="queue-integration"
              hint={refs.integrations.length ? undefined : t("fields.noIntegrations")}
            >
              {refSelect("queue-integration", v.integrationId, refs.integrations, "integrationId")}
            </Field>
            <Field
              label={t("fields.prompt")}
              htmlFor="queue-prompt"
              hint={refs.prompts.length ? undefined : t("fields.noPrompts")}
            >
              {refSelect("queue-prompt", v.promptId, refs.prompts, "promptId")}
            </Field>
            <Field
              label={t("fields.fileList")}
              htmlFor="queue-file"
              hint={refs.files.length ? undefined : t("fields.noFiles")}
            >
              {refSelect("queue-file", v.fileListId, refs.files, "fileListId")}
            </Field>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex items-center gap-2 text-sm text-ink-muted">
              <Switch
                checked={v.ativarRoteador}
                onCheckedChange={(x) => set("ativarRoteador", x)}
                data-testid="queue-rotation"
              />
              {t("fields.rotation")}
            </label>
            {v.ativarRoteador && (
              <Field
                label={t("fields.rotationTime")}
                htmlFor="queue-rotation-time"
                error={errors.tempoRoteador}
              >
                <Select
                  id="queue-rotation-time"
                  value={v.tempoRoteador ? String(v.tempoRoteador) : undefined}
                  placeholder={t("fields.rotationTime")}
                  onValueChange={(x) => set("tempoRoteador", Number(x))}
                  options={ROTATION.map((m) => ({
                    value: String(m),
                    label: t("fields.minutes", { count: m }),
                  }))}
                  className="w-40"
                  data-testid="queue-rotation-time"
                />
              </Field>
            )}
            <label className="flex items-center gap-2 text-sm text-ink-muted">
              <Switch
                checked={v.closeTicket}
                onCheckedChange={(x) => set("closeTicket", x)}
                data-testid="queue-close-ticket"
              />
              {t("fields.closeTicket")}
            </label>
          </div>
          <section className="flex flex-col gap-3">
            <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
              <Bot className="size-4" />
              {t("chatbot.title")}
            </h3>
            <p className="text-xs text-ink-subtle">{t("chatbot.hint")}</p>
            <ChatbotEditor
              options={v.chatbots}
              onChange={(next) => (set("chatbots", next), setProblem(null))}
              sources={sources}
              depth={1}
              path=""
              problem={problem}
            />
          </section>
        </TabsContent>
        {scheduleByQueue && (
          <TabsContent value="hours" forceMount hidden={tab !== "hours"} className="flex flex-col gap-4 pt-4">
            <WorkingHoursEditor
              value={v.schedules}
              onChange={(s) =>
                set("schedules", s)}
              testId="queue-hours"
            />
            <Field
              label={t("fields.outOfHours")}
              htmlFor="queue-out-of-hours"
              error={errors.outOfHoursMessage}
            >
              <Textarea
                id="queue-out-of-hours"
                rows={3}
                value={v.outOfHoursMessage ?? ""}
                onChange={(e) =>
                  set("outOfHoursMessage", e.target.value)}
                aria-invalid={!!errors.outOfHoursMessage}
              />
            </Field>
          </TabsContent>
        )}
      </Tabs>
    </FormDialog>
  );
}
