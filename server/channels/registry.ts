/**
 * Channel kind → adapter. The implementations are listed in adapters.ts and registered by the
 * composition root (server/compose.ts), so the send path that looks an adapter up here does not
 * import the channels that send through it.
 */
import type { ChannelKind } from "@db/schema.ts";
import { AppError } from "../lib/errors.ts";
import type { ChannelAdapter } from "./adapter.ts";

const adapters = new Map<ChannelKind, ChannelAdapter>();

export function registerAdapter(a: ChannelAdapter): void {
  adapters.set(a.kind, a);
}

export function adapterFor(kind: ChannelKind): ChannelAdapter {
  const a = adapters.get(kind);
  if (!a) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { details: { channel: kind } });
  return a;
}

export const hasAdapter = (kind: ChannelKind) => adapters.has(kind);
