/**
 * The notification's words in the device's language (the server has no user language; the web
 * app sends its own with the subscription). Names and message text are filled in by notice.ts.
 */
import type { PushLanguage } from "@contract/push.ts";

type Texts = {
  waiting: (name: string) => string;
  transfer: (name: string) => string;
  chat: (sender: string) => string;
  mention: (sender: string) => string;
  newMessage: string;
  waitingBare: string;
  transferBare: string;
  chatBare: string;
  mentionBare: string;
  file: string;
};

export const TEXTS: Record<PushLanguage, Texts> = {
  pt: {
    waiting: (n) => `Cliente aguardando: ${n}`,
    transfer: (n) => `Atendimento transferido para você: ${n}`,
    chat: (s) => `Chat interno: ${s}`,
    mention: (s) => `${s} mencionou você em uma nota`,
    newMessage: "Nova mensagem",
    waitingBare: "Cliente aguardando",
    transferBare: "Atendimento transferido para você",
    chatBare: "Chat interno",
    mentionBare: "Você foi mencionado em uma nota",
    file: "📎 Arquivo",
  },
  es: {
    waiting: (n) => `Cliente esperando: ${n}`,
    transfer: (n) => `Ticket transferido a ti: ${n}`,
    chat: (s) => `Chat interno: ${s}`,
    mention: (s) => `${s} te mencionó en una nota`,
    newMessage: "Nuevo mensaje",
    waitingBare: "Cliente esperando",
    transferBare: "Ticket transferido a ti",
    chatBare: "Chat interno",
    mentionBare: "Te mencionaron en una nota",
    file: "📎 Archivo",
  },
  en: {
    waiting: (n) => `Customer waiting: ${n}`,
    transfer: (n) => `Ticket transferred to you: ${n}`,
    chat: (s) => `Internal chat: ${s}`,
    mention: (s) => `${s} mentioned you in a note`,
    newMessage: "New message",
    waitingBare: "Customer waiting",
    transferBare: "Ticket transferred to you",
    chatBare: "Internal chat",
    mentionBare: "You were mentioned in a note",
    file: "📎 File",
  },
  tr: {
    waiting: (n) => `Bekleyen müşteri: ${n}`,
    transfer: (n) => `Size aktarılan talep: ${n}`,
    chat: (s) => `İç sohbet: ${s}`,
    mention: (s) => `${s} bir notta sizden bahsetti`,
    newMessage: "Yeni mesaj",
    waitingBare: "Bekleyen müşteri",
    transferBare: "Size aktarılan talep",
    chatBare: "İç sohbet",
    mentionBare: "Bir notta sizden bahsedildi",
    file: "📎 Dosya",
  },
};
