/** What the import tests share: old timestamps, a history-sync chunk, sessions that record the sync ask. */
import { proto } from "baileys";
import type { TestApp } from "../../_helpers/test_app.ts";
import type { SocketFactory } from "@/channels/whatsapp/socket.ts";
import { startWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { fakeFactory, FAST, type waMessage } from "./_support.ts";

export const DAY = 86_400_000;
export const sec = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000);
export const isoDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
export const text = (body: string) => ({ conversation: body });

/** Sessions with a fake socket, recording whether each socket was asked for the history sync. */
export async function runRecording(t: TestApp) {
  const fake = fakeFactory();
  const syncHistory: boolean[] = [];
  const factory: SocketFactory = (o) => {
    syncHistory.push(!!o.syncHistory);
    return fake.factory(o);
  };
  await startWhatsappSessions(t.deps, { ...FAST, socketFactory: factory });
  return { fake, syncHistory };
}

export const history = (msgs: ReturnType<typeof waMessage>[], progress: number) => ({
  chats: [],
  contacts: [],
  messages: msgs,
  isLatest: false,
  progress,
  syncType: proto.HistorySync.HistorySyncType.RECENT,
});
