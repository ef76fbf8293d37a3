/** Channel kind → adapter. */
import type { ChannelKind } from "@db/schema.ts";
import { AppError } from "../lib/errors.ts";
import type { ChannelAdapter } from "./adapter.ts";
import { apiAdapter } from "./api/adapter.ts";
import { facebookAdapter, instagramAdapter, whatsappApiAdapter } from "./meta/adapter.ts";
import { webchatAdapter } from "../webchat/adapter.ts";

/** The Baileys adapter, imported on first use (whatsapp/boot.ts says why). */
const wa = () => import("./whatsapp/adapter.ts").then((m) => m.whatsappAdapter);
const whatsappAdapter: ChannelAdapter = {
  kind: "whatsapp",
  connect: async (deps, conn) => (await wa()).connect(deps, conn),
  disconnect: async (deps, conn) => (await wa()).disconnect(deps, conn),
  send: async (deps, msg) => (await wa()).send(deps, msg),
  markRead: async (deps, conn, receipt) => (await wa()).markRead!(deps, conn, receipt),
  checkNumber: async (deps, conn, number) => (await wa()).checkNumber!(deps, conn, number),
};

const adapters = new Map<ChannelKind, ChannelAdapter>([["api", apiAdapter], ["whatsapp", whatsappAdapter]]);
registerAdapter(whatsappApiAdapter);
registerAdapter(facebookAdapter);
registerAdapter(instagramAdapter);
registerAdapter(webchatAdapter);

export function registerAdapter(a: ChannelAdapter): void {
  adapters.set(a.kind, a);
}

export function adapterFor(kind: ChannelKind): ChannelAdapter {
  const a = adapters.get(kind);
  if (!a) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { details: { channel: kind } });
  return a;
}

export const hasAdapter = (kind: ChannelKind) => adapters.has(kind);
