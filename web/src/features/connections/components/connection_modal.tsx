import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Bot,
  Check,
  Clock,
  Copy,
  MessageCircle,
  MessageSquareText,
  Settings2,
  Star,
  Workflow,
} from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { toastError, toastSuccess, toastWarning } from "../../../lib/toast.ts";
import {
  type Channel,
  type ConnectionRecord,
  useQueueOptions,
  useRestartForImport,
  useSaveConnection,
} from "../api/connections.ts";
import {
  type ConnectionFormValues,
  emptyConnection,
  FIELD_TAB,
  type FormErrors,
  fromConnection,
  toPayload,
  validateConnection,
} from "./connection_form.ts";
import { AssessmentFields, ChatbotFields, GeneralFields, MessageFields } from "./connection_fields.tsx";
import { TokenRevealDialog, TokenRotate } from "./token_reveal.tsx";
import {
  importErrors,
  ImportFields,
  importFrom,
  importNeedsRestart,
  importPayload,
} from "./import_fields.tsx";
import {
  ConnectionHoursTab,
  extrasErrors,
  extrasFrom,
  extrasPayload,
  hoursInvalid,
  VacationAndMedia,
} from "../../queues/index.ts";
import { useSettings } from "../../settings/index.ts";
import { webchatErrors, WebchatFields, webchatFrom, webchatPayload } from "../../webchat/index.ts";
import { botsFrom, botsPayload, ConnectionBotsTab, useBotsAccess } from "../../integrations/index.ts";
import { useStandardFlowTab } from "../../flows/index.ts";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connection?: ConnectionRecord | null;
  channel: Channel;
};

/** Add/edit a connection: tabs general, messages, chatbot and assessments (spec 2 §2). */
export function ConnectionModal({ open, onOpenChange, connection, channel }: Props) {
  const { t } = useTranslation("connections");
  const isNew = !connection;
  const [values, setValues] = useState<ConnectionFormValues>(() =>
    connection ? fromConnection(connection) : emptyConnection(channel)
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [tab, setTab] = useState("general");
  const queues = useQueueOptions().data ?? [];
  const save = useSaveConnection();
  // Working hours (scheduleType connection), collective vacation and greeting media.
  const byConnection = useSettings().data?.scheduleType === "connection";
  const [extras, setExtras] = useState(() => extrasFrom(connection));
  // The webchat widget's settings: their own tab and component.
  const isWebchat = channel === "webchat";
  const [webchat, setWebchat] = useState(() => webchatFrom(connection));
  // The AI prompt and integration that take queue-less conversations first.
  const [bots, setBots] = useState(() => botsFrom(connection));
  const botsAccess = useBotsAccess();
  const standardFlow = useStandardFlowTab(connection, tab);
  const [created, setCreated] = useState<ConnectionRecord | null>(null);
  const [imports, setImports] = useState(() => importFrom(connection));
  const importErrs = importErrors(imports, channel, t);
  const restartForImport = useRestartForImport();

  const set = <K extends keyof ConnectionFormValues>(key: K, value: ConnectionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateConnection(values, isNew);
    setErrors(found);
    const first = Object.keys(found)[0] as keyof ConnectionFormValues | undefined;
    if (first) {
      setTab(FIELD_TAB[first] ?? "chatbot");
      return;
    }
    if (Object.keys(extrasErrors(extras)).length) return setTab("messages");
    if (byConnection && hoursInvalid(extras.schedules)) return setTab("schedules");
    if (isWebchat && Object.keys(webchatErrors(webchat)).length) return setTab("webchat");
    if (Object.keys(importErrs).length) return setTab("general");
    try {
      const saved = await save.mutateAsync({
        id: connection?.id,
        payload: {
          ...toPayload(values, isNew),
          ...extrasPayload(extras, byConnection),
          ...(isWebchat ? webchatPayload(webchat) : {}),
          ...botsPayload(bots, botsAccess),
          ...standardFlow.payload,
          ...importPayload(imports, channel),
        },
      });
      toastSuccess(t("toasts.saved"));
      if (connection && importNeedsRestart(connection, imports)) {
        toastWarning(t("inbox:import.restartWarning"));
        restartForImport.mutate(connection.id, { onError: (err) => toastError(err) });
      }
      if (isNew && saved.channel === "api" && saved.token) return setCreated(saved);
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    }
  };

  const fieldProps = { values, errors, set, queues, isNew, telegramBot: connection?.telegramBot };
  if (created) return <TokenRevealDialog connection={created} onDone={() => onOpenChange(false)} />;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? t("modal.addTitle", { channel: t(`channels.${channel}`) }) : t("modal.editTitle")}
      description={isNew ? t(`modal.channelHint.${channel}`) : connection?.name}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="connection-form" loading={save.isPending} data-testid="connection-save">
            {isNew ? t("modal.create") : t("common:actions.save")}
          </Button>
        </>
      }
    >
      <form id="connection-form" onSubmit={submit} noValidate data-testid="connection-form">
        {connection?.token && <TokenField token={connection.token} id={connection.id} />}
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="overflow-x-auto">
            <TabsTrigger value="general" data-testid="conn-tab-general">
              <Settings2 />
              {t("modal.tabs.general")}
            </TabsTrigger>
            {isWebchat && (
              <TabsTrigger value="webchat" data-testid="conn-tab-webchat">
                <MessageCircle />
                {t("webchat:tab")}
              </TabsTrigger>
            )}
            {(botsAccess.prompts || botsAccess.integrations) && (
              <TabsTrigger value="integrations" data-testid="conn-tab-integrations">
                <Workflow />
                {t("integrations:connection.tab")}
              </TabsTrigger>
            )}
            <TabsTrigger value="messages" data-testid="conn-tab-messages">
              <MessageSquareText />
              {t("modal.tabs.messages")}
            </TabsTrigger>
            <TabsTrigger value="chatbot" data-testid="conn-tab-chatbot">
              <Bot />
              {t("modal.tabs.chatbot")}
            </TabsTrigger>
            <TabsTrigger value="assessments" data-testid="conn-tab-assessments">
              <Star />
              {t("modal.tabs.assessments")}
            </TabsTrigger>
            {standardFlow.trigger}
            {byConnection && (
              <TabsTrigger value="schedules" data-testid="conn-tab-schedules">
                <Clock />
                {t("queues:schedulesTab.title")}
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="general" forceMount hidden={tab !== "general"}>
            <GeneralFields {...fieldProps} />
            <ImportFields
              channel={channel}
              value={imports}
              onChange={setImports}
              queues={queues}
              connection={connection}
              errors={importErrs}
            />
          </TabsContent>
          {isWebchat && (
            <TabsContent value="webchat" forceMount hidden={tab !== "webchat"}>
              <WebchatFields
                value={webchat}
                onChange={setWebchat}
                errors={webchatErrors(webchat)}
                webchatKey={connection?.webchatKey}
              />
            </TabsContent>
          )}
          {(botsAccess.prompts || botsAccess.integrations) && (
            <TabsContent value="integrations" forceMount hidden={tab !== "integrations"}>
              <ConnectionBotsTab value={bots} onChange={setBots} />
            </TabsContent>
          )}
          <TabsContent value="messages" forceMount hidden={tab !== "messages"}>
            <MessageFields {...fieldProps} />
            <VacationAndMedia
              value={extras}
              onChange={setExtras}
              connectionId={connection?.id}
              media={connection?.greetingMediaAttachment}
            />
          </TabsContent>
          <TabsContent value="chatbot" forceMount hidden={tab !== "chatbot"}>
            <ChatbotFields {...fieldProps} />
          </TabsContent>
          <TabsContent value="assessments" forceMount hidden={tab !== "assessments"}>
            <AssessmentFields {...fieldProps} />
          </TabsContent>
          {standardFlow.content}
          {byConnection && (
            <TabsContent value="schedules" forceMount hidden={tab !== "schedules"}>
              <ConnectionHoursTab value={extras} onChange={setExtras} />
            </TabsContent>
          )}
        </Tabs>
      </form>
    </Dialog>
  );
}

/** The connection's API token, read-only, with a copy button. */
export function TokenField({ token: initial, id }: { token: string; id?: number }) {
  const { t } = useTranslation("connections");
  const [token, setToken] = useState(initial);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toastSuccess(t("toasts.tokenCopied"));
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toastError(t("toasts.copyFailed"));
    }
  };
  return (
    <div className="mb-4 flex flex-col gap-1.5">
      <label htmlFor="conn-token" className="text-[13px] font-medium text-ink-muted">{t("form.token")}</label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="conn-token"
          readOnly
          value={token}
          className="min-w-56 flex-1 font-mono text-[13px]"
          data-testid="conn-token"
        />
        <Button
          variant="secondary"
          onClick={copy}
          aria-label={t("form.copyToken")}
          data-testid="conn-token-copy"
        >
          {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
          {t("form.copy")}
        </Button>
        {id && <TokenRotate id={id} onRotated={setToken} />}
      </div>
      <p className="text-xs text-ink-subtle">{t("form.tokenHint")}</p>
    </div>
  );
}
