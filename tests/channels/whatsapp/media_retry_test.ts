/**
 * Never lose a message to its media, on WhatsApp (Baileys): captured deliveries
 * (fixtures/SOURCES.md) whose media download throws, as it does when WhatsApp's media servers
 * have dropped the file, are stored at once with their caption and type; the media job downloads
 * again through the session (the fake socket's downloader) a bounded number of times — driven by
 * a hand-moved clock — and fills the message in, or marks it unavailable.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { proto, type WAMessage } from "baileys";
import { jobs } from "@db/schema.ts";
import type { MessageDTO } from "@contract/messages.ts";
import { MEDIA_ATTEMPTS, MEDIA_FETCH_JOB } from "@/inbox/media_job.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { createTestApp, type TestApp } from "../../_helpers/test_app.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { connRow, messageByWid, runSessions, setupWa, waitFor } from "./_support.ts";

type Named = Record<string, Record<string, unknown>>;
const captured: Named = JSON.parse(
  await Deno.readTextFile(new URL("./fixtures/baileys_captured.json", import.meta.url)),
);
const decode = (o: Record<string, unknown>) => proto.WebMessageInfo.fromObject(o) as unknown as WAMessage;

async function mediaJob(t: TestApp, messageId: number) {
  return (await t.deps.db.select().from(jobs).where(eq(jobs.name, MEDIA_FETCH_JOB)))
    .find((j) => (j.payload as { messageId: number }).messageId === messageId);
}

async function nextAttempt(t: TestApp, clock: ManualClock, messageId: number) {
  const job = await mediaJob(t, messageId);
  assert.equal(job?.status, "pending");
  clock.set(job!.runAt);
  await runDueJobs(t.deps);
  await t.deps.bus.drain();
}

Deno.test("[whatsapp] media whose download throws: stored at once, downloaded again through the session, or unavailable", async (tt) => {
  const clock = new ManualClock();
  const t = await createTestApp({ clock, scheduler: false });
  // Downloads by message id: how many were asked, and how many more must fail.
  const asked = new Map<string, number>();
  const failing = new Map<string, number>();
  const download = (m: WAMessage) => {
    const id = m.key.id!;
    asked.set(id, (asked.get(id) ?? 0) + 1);
    const left = failing.get(id) ?? 0;
    if (left > 0) {
      failing.set(id, left - 1);
      return Promise.reject(new Error("Failed to fetch stream from https://mmg.whatsapp.net/…: 410"));
    }
    return Promise.resolve(new TextEncoder().encode(`bytes of ${id}`));
  };
  try {
    const wa = await setupWa(t);
    const { fake, manager } = await runSessions(t, { download });
    await manager.command(wa.conn, "start");
    const sock = fake.last();
    sock.open();
    await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
    const cid = wa.company.id;
    const updates: MessageDTO[] = [];
    t.deps.bus.on("message.updated", (e) => void updates.push(e.message));
    const deliver = (m: Record<string, unknown>) =>
      sock.ev.emit("messages.upsert", { type: "notify", messages: [decode(m)] });
    const stored = (wid: string) => waitFor(() => messageByWid(t, cid, wid), `message ${wid}`);

    await tt.step(
      "an image whose download fails twice: caption and type at once, the file on the second retry",
      async () => {
        const id = "AC9BE0D81D965A3C240B6ACAA891C6FD";
        failing.set(id, 2);
        deliver(captured.image);
        const m = await stored(id);
        assert.equal(m.body, "Here is the caption.");
        assert.equal(m.mediaType, "image");
        assert.equal(m.mediaStatus, "pending");
        assert.equal(m.mediaUrl, null);
        assert.equal(m.mediaLink, null, "WhatsApp's media links are encrypted: nothing to open");
        await nextAttempt(t, clock, m.id);
        assert.equal((await messageByWid(t, cid, id)).mediaStatus, "pending");
        await nextAttempt(t, clock, m.id);
        const filled = await messageByWid(t, cid, id);
        assert.equal(filled.mediaStatus, "ready");
        assert.equal(filled.mediaType, "image");
        assert.equal(
          new TextDecoder().decode(await t.deps.media.read(filled.mediaUrl!)),
          `bytes of ${id}`,
        );
        assert.equal(asked.get(id), 3, "on arrival, then two retries");
        assert.ok(updates.some((u) => u.id === m.id && u.mediaStatus === "ready" && u.mediaUrl));
      },
    );

    await tt.step("a voice note that never downloads: MEDIA_ATTEMPTS retries, then unavailable", async () => {
      const id = "AC59EFFAD3590A7D97ECCB92690E904A";
      failing.set(id, 1000);
      deliver(captured.voiceNote);
      const m = await stored(id);
      assert.equal(m.mediaType, "audio");
      assert.equal(m.mediaStatus, "pending");
      for (let i = 0; i < MEDIA_ATTEMPTS; i++) await nextAttempt(t, clock, m.id);
      assert.equal((await mediaJob(t, m.id))?.status, "failed");
      assert.equal(asked.get(id), 1 + MEDIA_ATTEMPTS);
      assert.equal((await messageByWid(t, cid, id)).mediaStatus, "unavailable");
      assert.ok(updates.some((u) => u.id === m.id && u.mediaStatus === "unavailable"));
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
