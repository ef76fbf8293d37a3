/**
 * Processing of verified Meta webhooks, off the request: the route checks the signature, stores
 * each entry as a durable job and answers 200 at once; this job routes the entry to its
 * connection and feeds the channel-independent pipeline (receiveInbound) and the update paths
 * (receiveEdit / receiveRevoke / receiveAck). Everything is idempotent on the provider's ids, so a
 * job that runs twice, or a webhook Meta delivers twice, stores each message once.
 *
 * Routing: whatsapp_business_account → value.metadata.phone_number_id = whatsapps.metaPhoneNumberId
 * (channel whatsappapi); page → entry.id = facebookPageUserId (facebook); instagram → entry.id =
 * instagramUserId (instagram). An id no connection claims is dropped.
 */
import type { Deps } from "../../deps.ts";
import { unscopedFindMetaConnection } from "../../connections/repo.ts";
import { registerQueuedJob } from "../../jobs/queue.ts";
import { readSetting } from "../../settings/repo.ts";
import { PLATFORM_COMPANY_ID } from "../../settings/registry.ts";
import { handleCloudChange } from "./inbound_cloud.ts";
import { handleMessengerEvent } from "./inbound_messenger.ts";

export const META_WEBHOOK_JOB = "channels.meta.webhook";

type Entry = {
  id?: string;
  changes?: { field?: string; value?: Record<string, unknown> }[];
  messaging?: Record<string, unknown>[];
};

export async function processEntry(deps: Deps, object: string, entry: Entry, attempts: number) {
  if (object === "whatsapp_business_account") {
    for (const change of entry.changes ?? []) {
      if (change.field !== "messages" || !change.value) continue;
      const phoneId = (change.value.metadata as { phone_number_id?: string } | undefined)?.phone_number_id;
      const conn = phoneId ? await unscopedFindMetaConnection(deps.db, "whatsappapi", String(phoneId)) : null;
      if (!conn) continue;
      await handleCloudChange({ deps, conn, attempts }, change.value);
    }
    return;
  }
  const kind = object === "page" ? "facebook" : object === "instagram" ? "instagram" : null;
  if (!kind || !entry.id) return;
  const conn = await unscopedFindMetaConnection(deps.db, kind, String(entry.id));
  if (!conn) return;
  const appId = await readSetting(deps.db, PLATFORM_COMPANY_ID, "facebookId");
  for (const ev of entry.messaging ?? []) await handleMessengerEvent({ deps, conn, attempts }, ev, appId);
}

registerQueuedJob({
  name: META_WEBHOOK_JOB,
  handle: async (deps, raw, job) => {
    const { object, entry } = raw as { object: string; entry: Entry };
    await processEntry(deps, object, entry, job.attempts);
  },
  onGiveUp: (_deps, _payload, error) => {
    console.error(`[meta] webhook entry given up: ${error}`);
    return Promise.resolve();
  },
});
