/**
 * Never lose a message to its media, on the Meta channels: payloads published by others
 * (fixtures/SOURCES.md) whose attachment cannot be fetched — an expired Messenger CDN link, a
 * shared reel whose link is gone, an Instagram story mention with a relative URL, a Cloud API
 * media id whose download fails — are stored at once with their text, type and link; the media
 * job retries a bounded number of times (driven here by a hand-moved clock), then marks the media
 * unavailable, and a download that later succeeds fills the message in with a message.updated.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs, messages, tickets } from "@db/schema.ts";
import { MEDIA_ATTEMPTS, MEDIA_FETCH_JOB } from "@/inbox/media_job.ts";
import type { MessageDTO } from "@contract/messages.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { expectOk, type Json } from "../../_helpers/http.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import { cloudImage, cloudPayload, deliver, metaConnection, runJobs, startMeta } from "./_support.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixture = async (name: string): Promise<Json> =>
  JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES)));

const byWid = async (t: TestApp, wid: string) =>
  (await t.deps.db.select().from(messages).where(eq(messages.wid, wid)))[0];

const mediaJob = async (t: TestApp, messageId: number) =>
  (await t.deps.db.select().from(jobs).where(eq(jobs.name, MEDIA_FETCH_JOB)))
    .find((j) => (j.payload as { messageId: number }).messageId === messageId);

/** Moves the clock to the media job's next try and runs the queue: one attempt, no waiting. */
async function nextAttempt(t: TestApp, clock: ManualClock, messageId: number) {
  const job = await mediaJob(t, messageId);
  assert.ok(job, "the media job exists");
  assert.equal(job.status, "pending");
  clock.set(job.runAt);
  await runJobs(t);
}

/** A signed webhook, then its entry job: the route enqueues at the real time, so the clock catches up. */
async function deliverAndRun(t: TestApp, clock: ManualClock, payload: unknown) {
  const res = await deliver(t, payload);
  assert.equal(res.status, 200, await res.text());
  clock.set(new Date(Math.max(Date.now(), clock.now().getTime())));
  await runJobs(t);
}

/** message.updated events of one message, as the sockets get them. */
function updatesOf(t: TestApp) {
  const seen: MessageDTO[] = [];
  t.deps.bus.on("message.updated", (e) => void seen.push(e.message));
  return seen;
}

Deno.test("[meta] media that cannot be fetched: stored at once, retried a bounded number of times, then unavailable or filled in", async (tt) => {
  // Now: the webhook route enqueues its entries at the real time.
  const clock = new ManualClock();
  const m = await startMeta({}, { clock });
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    const { token } = await login(t, admin);
    const fb = await metaConnection(t, company.id, "facebook", undefined, { pageId: "404217156637689" });
    await metaConnection(t, company.id, "instagram", "EAAG-ig1", {
      pageId: "ig-page-1",
      igId: "instagram-message-id-1234",
    });
    await metaConnection(t, company.id, "instagram", "EAAG-ig2", {
      pageId: "ig-page-2",
      igId: "17841400000000000",
      name: "second instagram line",
    });
    const cloud = await metaConnection(t, company.id, "whatsappapi", "EAAG-cloud", { phoneId: "1000001" });
    graph.tokens.add("EAAG-cloud");
    const updates = updatesOf(t);
    const page = async (wid: string) => {
      const msg = await byWid(t, wid);
      const [tk] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
      const p = await expectOk<{ messages: MessageDTO[] }>(
        await t.request(`/api/messages/${tk.uuid}`, { token }),
      );
      return p.messages.find((x) => x.wid === wid)!;
    };

    await tt.step(
      "an expired Messenger CDN link: stored at once, pending; a later try fills it in",
      async () => {
        const url = `${graph.url}/cdn/17887258_1429713783754592_1626047672_o.jpg?oe=58ECF78B`;
        const p = JSON.stringify(await fixture("messenger_image_expired.json")).replace(
          /https:\/\/scontent\.xx\.fbcdn\.net\/v\/t35\.0-12\/[^"]+/,
          url,
        );
        graph.failMedia = 2; // the webhook's try and the first retry
        await deliverAndRun(t, clock, JSON.parse(p));
        const wid = "mid.$cAAE1UUyiiwthh1ZAO1bVhDxGk2N0";
        const stored = await byWid(t, wid);
        assert.ok(stored, "stored on arrival, not held back by the download");
        assert.equal(stored.mediaStatus, "pending");
        assert.equal(stored.mediaType, "image");
        assert.equal(stored.mediaLink, url);
        assert.equal(stored.mediaUrl, null);
        const [tk] = await t.deps.db.select().from(tickets).where(eq(tickets.id, stored.ticketId));
        assert.equal(tk.whatsappId, fb.id);
        const webhookJobs = await t.deps.db.select().from(jobs).where(eq(jobs.name, "channels.meta.webhook"));
        assert.ok(
          webhookJobs.every((j) => j.status === "done"),
          "the webhook entry is not retried for its media",
        );
        const dto = await page(wid);
        assert.equal(dto.mediaStatus, "pending");
        assert.equal(dto.mediaLink, url);

        await nextAttempt(t, clock, stored.id);
        assert.equal((await byWid(t, wid)).mediaStatus, "pending", "the first retry failed too");
        await nextAttempt(t, clock, stored.id);
        const filled = await byWid(t, wid);
        assert.equal(filled.mediaStatus, "ready");
        assert.match(filled.mediaUrl!, new RegExp(`^company${company.id}/messages/`));
        assert.equal((await mediaJob(t, stored.id))!.status, "done");
        const ev = updates.find((u) => u.id === stored.id && u.mediaStatus === "ready");
        assert.ok(ev, "message.updated went out with the file");
        assert.match(ev.mediaUrl!, /^\/api\/media\/.+\?exp=\d+&sig=/);
        const file = await t.request(ev.mediaUrl!);
        assert.equal(file.status, 200);
        await file.body?.cancel();
      },
    );

    await tt.step(
      "a shared reel whose link is gone: bounded retries, then unavailable with its link",
      async () => {
        const url = `${graph.url}/cdn-gone/ig_messaging_cdn/?asset_id=18000000000000000`;
        const p = JSON.stringify(await fixture("instagram_reel.json"))
          .replace("https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=18000000000000000", url);
        const before = graph.mediaRequests.length;
        await deliverAndRun(t, clock, JSON.parse(p));
        const wid = "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQx";
        const stored = await byWid(t, wid);
        assert.equal(stored.body, "🎬 Reel compartilhado\nOur new collection");
        assert.equal(stored.mediaType, "video");
        assert.equal(stored.mediaStatus, "pending");
        for (let i = 0; i < MEDIA_ATTEMPTS; i++) await nextAttempt(t, clock, stored.id);
        const job = (await mediaJob(t, stored.id))!;
        assert.equal(job.status, "failed", "no try after the last one");
        assert.equal(job.attempts, MEDIA_ATTEMPTS);
        assert.equal(graph.mediaRequests.length - before, 1 + MEDIA_ATTEMPTS, "on arrival, then each retry");
        const gone = await byWid(t, wid);
        assert.equal(gone.mediaStatus, "unavailable");
        assert.equal(gone.mediaLink, url);
        assert.ok(updates.some((u) => u.id === stored.id && u.mediaStatus === "unavailable"));
        const dto = await page(wid);
        assert.equal(dto.mediaStatus, "unavailable");
        assert.equal(dto.body, "🎬 Reel compartilhado\nOur new collection");
        // Nothing is due any more: the clock far ahead runs nothing for this message.
        clock.advance(24 * 3600_000);
        await runJobs(t);
        assert.equal(graph.mediaRequests.length - before, 1 + MEDIA_ATTEMPTS);
      },
    );

    await tt.step(
      "a story mention with a relative URL: stored at once as unavailable, nothing retried",
      async () => {
        const before = graph.mediaRequests.length;
        await deliverAndRun(t, clock, await fixture("instagram_story_mention_relative.json"));
        const stored = await byWid(t, "message-id-relative-1");
        assert.equal(stored.body, "📣 Mencionou você no story");
        assert.equal(stored.mediaType, "image");
        assert.equal(stored.mediaStatus, "unavailable");
        assert.equal(stored.mediaLink, null, "a relative link opens nothing");
        assert.equal(await mediaJob(t, stored.id), undefined);
        assert.equal(graph.mediaRequests.length, before);
      },
    );

    await tt.step("a shared post (share) is its link, kept as text: nothing to fetch", async () => {
      await deliverAndRun(t, clock, await fixture("instagram_share.json"));
      const stored = await byWid(t, "message-id-share-1");
      assert.equal(stored.body, "https://www.example.com/test.jpeg");
      assert.equal(stored.mediaStatus, null);
    });

    await tt.step(
      "a Cloud API media id whose download fails: pending, then fetched with the token",
      async () => {
        graph.failMedia = 1;
        await deliverAndRun(
          t,
          clock,
          cloudPayload({
            messages: [cloudImage("wamid.MEDIA-LATE", "5511955554444", "MEDIA-LATE", "nota fiscal")],
          }),
        );
        const stored = await byWid(t, "wamid.MEDIA-LATE");
        assert.equal(stored.body, "nota fiscal");
        assert.equal(stored.mediaType, "image");
        assert.equal(stored.mediaStatus, "pending");
        assert.equal(stored.mediaLink, null, "Cloud API media has no public link");
        const [tk] = await t.deps.db.select().from(tickets).where(eq(tickets.id, stored.ticketId));
        assert.equal(tk.whatsappId, cloud.id);
        await nextAttempt(t, clock, stored.id);
        const filled = await byWid(t, "wamid.MEDIA-LATE");
        assert.equal(filled.mediaStatus, "ready");
        assert.ok(filled.mediaUrl);
        const byToken = graph.requests.filter((r) => r.path.includes("MEDIA-LATE"));
        assert.ok(byToken.length >= 4 && byToken.every((r) => r.authorization === "Bearer EAAG-cloud"));
      },
    );
  } finally {
    await m.close();
  }
});
