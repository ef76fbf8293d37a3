/**
 * The api channel's `media.url` that cannot be fetched on arrival: the message is kept (200,
 * `mediaStatus: "pending"`), the media job retries it a bounded number of times — driven here by
 * a hand-moved clock and runDueJobs, no scheduler — and either fills the file in (message.updated
 * on the attendants' sockets) or marks it unavailable, the integrator's link kept for the bubble.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import type { MessageDTO } from "@contract/messages.ts";
import { MEDIA_ATTEMPTS, MEDIA_FETCH_JOB } from "@/inbox/media_job.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { expectOk, type Json, PNG } from "../_helpers/http.ts";
import { inboundRaw, messageRow, nextExternalId, ticketRow } from "../_helpers/inbox.ts";

const MARIA = { number: "5511988887777", name: "Maria" };

/** A file server that answers 404 for the first `failures` requests of a path, then the file. */
function flakyFiles() {
  const failures = new Map<string, number>();
  const hits = new Map<string, number>();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const left = failures.get(path) ?? Infinity;
    if (left > 0) {
      failures.set(path, left - 1);
      return new Response("expired", { status: 404 });
    }
    return new Response(PNG, { headers: { "content-type": "image/png" } });
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    failures,
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => server.shutdown(),
  };
}

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

Deno.test("[inbox] api channel media.url that fails: kept at once, retried a bounded number of times, filled in or unavailable", async (tt) => {
  const clock = new ManualClock();
  const t = await createTestApp({ clock, scheduler: false });
  const files = flakyFiles();
  try {
    const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const agent = await userOf(t, w.company.id, { queueIds: [w.queues[0].id] });
    const updates: MessageDTO[] = [];
    t.deps.bus.on("message.updated", (e) => void updates.push(e.message));
    const send = async (path: string, body: string) => {
      const res = await expectOk<Json & { messageId: number; ticketId: number; mediaStatus?: string }>(
        await inboundRaw(t, w.conn.token, {
          externalId: nextExternalId(),
          from: MARIA,
          body,
          media: { url: `${files.base}${path}`, mimetype: "image/png", filename: "comprovante.png" },
        }),
      );
      await t.deps.bus.drain();
      return res;
    };
    const dtoOf = async (messageId: number) => {
      const tk = await ticketRow(t, (await messageRow(t, messageId)).ticketId);
      const page = await expectOk<{ messages: MessageDTO[] }>(
        await t.request(`/api/messages/${tk.uuid}`, { token: agent.token }),
      );
      return page.messages.find((m) => m.id === messageId)!;
    };

    await tt.step("a link that answers 404 twice: pending, then filled in by the second retry", async () => {
      files.failures.set("/late.png", 2);
      const r = await send("/late.png", "segue o comprovante");
      assert.equal(r.mediaStatus, "pending");
      const row = await messageRow(t, r.messageId);
      assert.equal(row.body, "segue o comprovante");
      assert.equal(row.mediaType, "image");
      assert.equal(row.mediaStatus, "pending");
      const dto = await dtoOf(r.messageId);
      assert.equal(dto.mediaStatus, "pending");
      assert.equal(dto.mediaLink, `${files.base}/late.png`);
      assert.equal(dto.mediaUrl, null);

      await nextAttempt(t, clock, r.messageId);
      assert.equal((await messageRow(t, r.messageId)).mediaStatus, "pending");
      await nextAttempt(t, clock, r.messageId);
      const filled = await dtoOf(r.messageId);
      assert.equal(filled.mediaStatus, "ready");
      assert.equal(filled.mediaName, "comprovante.png");
      assert.match(filled.mediaUrl!, /^\/api\/media\/.+\?exp=\d+&sig=/);
      assert.equal(files.hits("/late.png"), 3);
      assert.ok(updates.some((u) => u.id === r.messageId && u.mediaStatus === "ready" && u.mediaUrl));
    });

    await tt.step(
      "a link that never answers: MEDIA_ATTEMPTS retries, then unavailable, the link kept",
      async () => {
        const r = await send("/gone.png", "");
        assert.equal(r.mediaStatus, "pending");
        for (let i = 0; i < MEDIA_ATTEMPTS; i++) await nextAttempt(t, clock, r.messageId);
        assert.equal((await mediaJob(t, r.messageId))?.status, "failed");
        assert.equal(files.hits("/gone.png"), 1 + MEDIA_ATTEMPTS);
        const dto = await dtoOf(r.messageId);
        assert.equal(dto.mediaStatus, "unavailable");
        assert.equal(dto.mediaLink, `${files.base}/gone.png`);
        assert.equal(dto.mediaType, "image");
        assert.ok(updates.some((u) => u.id === r.messageId && u.mediaStatus === "unavailable"));
        // The ticket shows the message like any other.
        const tk = await ticketRow(t, r.ticketId);
        assert.equal(tk.lastMessage, "[image]");
      },
    );

    await tt.step("a redelivery of the same externalId is a duplicate: no second job", async () => {
      const externalId = nextExternalId();
      const body = {
        externalId,
        from: MARIA,
        body: "de novo",
        media: { url: `${files.base}/twice.png`, mimetype: "image/png", filename: "a.png" },
      };
      const first = await expectOk<{ messageId: number }>(await inboundRaw(t, w.conn.token, body));
      const again = await expectOk<{ messageId: number; duplicate: boolean }>(
        await inboundRaw(t, w.conn.token, body),
      );
      assert.equal(again.messageId, first.messageId);
      assert.equal(again.duplicate, true);
      const all = (await t.deps.db.select().from(jobs).where(eq(jobs.name, MEDIA_FETCH_JOB)))
        .filter((j) => (j.payload as { messageId: number }).messageId === first.messageId);
      assert.equal(all.length, 1);
    });
  } finally {
    await files.close();
    await t.close();
  }
});
