/** Connections (spec 2 §2–§7): list, save, delete, session controls and the live cache. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ChannelKind, QueueRef as Queue } from "@contract/common.ts";
import type { WorkingHours } from "@contract/companies.ts";
import type { ConnectionStatus } from "@contract/connections.ts";
import type { WebchatSettings } from "@contract/webchat.ts";
import type { TelegramBot } from "@contract/telegram.ts";
import type { EmailSettings } from "@contract/email.ts";

export type Channel = ChannelKind;
export type { ConnectionStatus };

export type ConnectionRecord = {
  id: number;
  name: string;
  number: string | null;
  channel: Channel;
  status: ConnectionStatus | string;
  isDefault: boolean;
  updatedAt: string;
  companyId: number;
  token?: string;
  qrcode: string | null;
  retries: number;
  queues: Queue[];
  /** webchat channel. */
  webchat?: WebchatSettings | null;
  webchatKey?: string | null;
  /** telegram channel: the bot getMe described (the token itself is never returned). */
  telegramBot?: TelegramBot | null;
  /** email channel: servers, sender and signature (passwords are never returned). */
  emailSettings?: EmailSettings | null;
  /** Why the channel last failed to connect or read; null when fine. */
  lastError?: string | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  inactiveMessage: string | null;
  expiresInactiveMessage: string | null;
  allowGroup: boolean;
  groupAsTicket: "enabled" | "disabled";
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  expiresTicket: number;
  expiresTicketNPS: number;
  whenExpiresTicket: number;
  timeInactiveMessage: number;
  maxUseBotQueuesNPS: number;
  timeCreateNewTicket: number;
  webhookUrl: string | null;
  metaPhoneNumberId: string | null;
  metaBusinessAccountId: string | null;
  schedules?: WorkingHours[];
  collectiveVacationStart?: string | null;
  collectiveVacationEnd?: string | null;
  collectiveVacationMessage?: string | null;
  greetingMediaAttachment?: string | null;
};

export type ConnectionPayload =
  & Partial<
    Omit<ConnectionRecord, "id" | "queues" | "token" | "status" | "qrcode" | "retries" | "updatedAt">
  >
  & {
    queueIds?: number[];
    metaAccessToken?: string | null;
    telegramToken?: string;
    emailPassword?: string;
    emailSmtpPassword?: string;
    emailRefreshToken?: string;
    emailClientSecret?: string;
  };

export const CONNECTIONS_KEY = ["connections"] as const;

export function useConnectionList() {
  return useQuery({
    queryKey: CONNECTIONS_KEY,
    queryFn: async () => {
      const list = await api.get<ConnectionRecord[]>("/whatsapp");
      return Array.isArray(list) ? list : [];
    },
  });
}

export function useQueueOptions() {
  return useQuery({ queryKey: ["queues"], queryFn: () => api.get<Queue[]>("/queue") });
}

export function useSaveConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ConnectionPayload }) =>
      id
        ? api.put<ConnectionRecord>(`/whatsapp/${id}`, payload)
        : api.post<ConnectionRecord>("/whatsapp", payload),
    onSuccess: (saved) => upsert(qc, saved),
  });
}

export function useDeleteConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/whatsapp/${id}`),
    onSuccess: (_r, id) => remove(qc, id),
  });
}

/** POST /closedimported/{id}: closes the tickets an import left open (the row's button and the dialog's). */
export function useCloseImported() {
  const { t } = useTranslation("inbox");
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>(`/closedimported/${id}`, {}),
    onSuccess: () => toastSuccess(t("import.closed")),
    onError: (err) => toastError(err),
  });
}

/**
 * The phone sends its history only when a session starts: after the import settings of a connected
 * WhatsApp connection change, its session is forgotten and started again (PUT: a new QR code) and
 * the row shows qrcode at once (spec 2 §4), before the session's own event confirms it.
 */
export function useRestartForImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/whatsappsession/${id}`),
    onMutate: (id) => upsert(qc, { id, status: "qrcode" }, false),
  });
}

export type SessionAction = "start" | "newQr" | "disconnect" | "restartAll";

/** POST start / try again, PUT new QR, DELETE disconnect, POST /whatsapp-restart. */
export function useSessionAction() {
  return useMutation({
    mutationFn: ({ action, id }: { action: SessionAction; id?: number }) => {
      if (action === "restartAll") return api.post<unknown>("/whatsapp-restart");
      if (action === "start") return api.post<unknown>(`/whatsappsession/${id}`);
      if (action === "newQr") return api.put<unknown>(`/whatsappsession/${id}`);
      return api.delete<unknown>(`/whatsappsession/${id}`);
    },
  });
}

type QC = ReturnType<typeof useQueryClient>;

function upsert(qc: QC, record: Partial<ConnectionRecord> & { id: number }, insert = true) {
  qc.setQueryData<ConnectionRecord[]>(CONNECTIONS_KEY, (list) => {
    if (!list) return list;
    const i = list.findIndex((c) => c.id === record.id);
    if (i < 0) {
      if (!insert || !record.name) return list;
      return [...list, record as ConnectionRecord].sort((a, b) => a.name.localeCompare(b.name));
    }
    const next = [...list];
    // Socket records may lack the token (audience-wide); keep the one we already have.
    next[i] = { ...list[i], ...record, token: record.token ?? list[i].token };
    return next;
  });
}

function remove(qc: QC, id: number) {
  qc.setQueryData<ConnectionRecord[]>(CONNECTIONS_KEY, (list) => list?.filter((c) => c.id !== id));
}

type WhatsappEvent = { action: string; whatsapp?: ConnectionRecord; whatsappId?: number; id?: number };
type SessionEvent = { action: string; session?: Partial<ConnectionRecord> & { id: number } };

/** company-{id}-whatsapp and company-{id}-whatsappSession keep the table (and the QR modal) live. */
export function useConnectionsLiveUpdates(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-whatsapp`, (data: WhatsappEvent) => {
    if (data?.action === "delete") {
      const id = data.whatsappId ?? data.id;
      if (id) remove(qc, id);
    } else if (data?.whatsapp) upsert(qc, data.whatsapp);
  });
  useRealtimeEvent(`company-${companyId}-whatsappSession`, (data: SessionEvent) => {
    if (data?.action === "update" && data.session) {
      const { token: _t, ...session } = data.session;
      upsert(qc, session, false);
    }
  });
}

/** The Facebook app id; missing means Facebook/Instagram cannot be connected from here. */
export const getFacebookAppId = () =>
  api.get<{ facebookAppId: string | null }>("/settingsFacebook").then((r) => r.facebookAppId);

export const connectFacebook = (body: {
  facebookUserId: string;
  facebookUserToken: string;
  addInstagram?: boolean;
}) => api.post<unknown>("/facebook", body);
