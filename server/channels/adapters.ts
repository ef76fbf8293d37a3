/** Every channel adapter of the process; server/compose.ts registers them (registry.ts). */
import type { ChannelAdapter } from "./adapter.ts";
import { apiAdapter } from "./api/adapter.ts";
import { facebookAdapter, instagramAdapter, whatsappApiAdapter } from "./meta/adapter.ts";
import { webchatAdapter } from "../webchat/adapter.ts";
import { telegramAdapter } from "./telegram/adapter.ts";
import { emailAdapter } from "./email/adapter.ts";

/** The Baileys adapter, imported on first use (whatsapp/boot.ts says why). */
const wa = () => import("./whatsapp/adapter.ts").then((m) => m.whatsappAdapter);
const whatsappAdapter: ChannelAdapter = {
  kind: "whatsapp",
  // A message sent again under its id (messages/send_key.ts) is the same message to WhatsApp.
  resendsSafely: true,
  connect: async (deps, conn) => (await wa()).connect(deps, conn),
  disconnect: async (deps, conn) => (await wa()).disconnect(deps, conn),
  send: async (deps, msg) => (await wa()).send(deps, msg),
  markRead: async (deps, conn, receipt) => (await wa()).markRead!(deps, conn, receipt),
  checkNumber: async (deps, conn, number) => (await wa()).checkNumber!(deps, conn, number),
  fetchMedia: async (deps, conn, source) => (await wa()).fetchMedia!(deps, conn, source),
};

export const CHANNEL_ADAPTERS: readonly ChannelAdapter[] = [
  apiAdapter,
  whatsappAdapter,
  whatsappApiAdapter,
  facebookAdapter,
  instagramAdapter,
  webchatAdapter,
  telegramAdapter,
  emailAdapter,
];
