/**
 * The storage interface (server/lib/storage/): the same cases on both backends, DATA_DIR on disk and a
 * bucket of a local S3 server (s3rver, the real protocol), so a feature cannot tell which
 * it writes to. Then the app on a bucket: a file saved by the media store is served by its signed URL.
 */
import assert from "node:assert/strict";
import { createStorage, type Storage } from "@/lib/storage/storage.ts";
import { startS3 } from "../_helpers/s3.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany } from "../_helpers/factories.ts";
import { PNG } from "../_helpers/http.ts";

const MiB = 1024 * 1024;

/** `total` bytes in chunks of 64 KiB, byte i = i % 251, made as they are read (never whole in memory). */
function pattern(total: number, failAt = -1): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(ctl) {
      if (failAt >= 0 && sent >= failAt) return ctl.error(new Error("the source broke"));
      if (sent >= total) return ctl.close();
      const n = Math.min(64 * 1024, total - sent);
      const chunk = new Uint8Array(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      ctl.enqueue(chunk);
    },
  });
}

async function checkPattern(stream: ReadableStream<Uint8Array>): Promise<number> {
  let seen = 0;
  for await (const chunk of stream) {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] !== (seen + i) % 251) throw new Error(`byte ${seen + i} differs`);
    }
    seen += chunk.length;
  }
  return seen;
}

async function contract(t: Deno.TestContext, s: Storage) {
  await t.step(`${s.kind}: put / get / stat / bytes keep size and type`, async () => {
    const a = await s.put("media/company7/docs/a.txt", "olá");
    assert.deepEqual(a, { size: 4, contentType: "text/plain; charset=utf-8" });
    await s.put("media/company7/docs/p.png", new Blob([PNG]), { contentType: "image/png" });
    await s.put("media/company7/x/raw", new Uint8Array([1, 2, 3]), { contentType: "application/x-thing" });
    const got = await s.get("media/company7/docs/p.png");
    assert.ok(got);
    assert.equal(got.size, PNG.length);
    assert.equal(got.contentType, "image/png");
    assert.deepEqual(new Uint8Array(await new Response(got.body).arrayBuffer()), PNG);
    assert.deepEqual(await s.bytes("media/company7/docs/a.txt"), new TextEncoder().encode("olá"));
    assert.equal((await s.stat("media/company7/x/raw"))?.size, 3);
    if (s.kind === "s3") {
      assert.equal((await s.stat("media/company7/x/raw"))?.contentType, "application/x-thing");
    }
    assert.equal(await s.get("media/company7/none.bin"), null);
    assert.equal(await s.stat("media/company7/none.bin"), null);
    assert.equal(await s.bytes("media/company7/none.bin"), null);
  });

  await t.step(`${s.kind}: a 20 MiB stream goes in and out in parts, byte for byte`, async () => {
    const info = await s.put("media/company7/big/video.bin", pattern(20 * MiB));
    assert.equal(info.size, 20 * MiB);
    assert.equal((await s.stat("media/company7/big/video.bin"))?.size, 20 * MiB);
    const got = await s.get("media/company7/big/video.bin");
    assert.equal(got?.size, 20 * MiB);
    assert.equal(await checkPattern(got!.body), 20 * MiB);
  });

  await t.step(`${s.kind}: byte ranges of a file in parts read only those bytes`, async () => {
    const whole = (await s.get("media/company7/big/video.bin"))!;
    await whole.body.cancel();
    const part = await s.get("media/company7/big/video.bin", {
      range: { start: 9 * MiB - 3, end: 9 * MiB + 2 },
    });
    assert.deepEqual(part?.range, { start: 9 * MiB - 3, end: 9 * MiB + 2 });
    assert.equal(part?.size, 20 * MiB, "size is the whole file's");
    const got = new Uint8Array(await new Response(part!.body).arrayBuffer());
    assert.deepEqual([...got], [...Array(6)].map((_, i) => (9 * MiB - 3 + i) % 251));
    const tail = await s.get("media/company7/big/video.bin", { range: { suffix: 10 } });
    assert.deepEqual(tail?.range, { start: 20 * MiB - 10, end: 20 * MiB - 1 });
    assert.equal((await new Response(tail!.body).arrayBuffer()).byteLength, 10);
    const open = await s.get("media/company7/big/video.bin", { range: { start: 20 * MiB - 4 } });
    assert.deepEqual(open?.range, { start: 20 * MiB - 4, end: 20 * MiB - 1 });
    await open?.body.cancel();
    for (const range of [{ start: 20 * MiB }, { start: 5, end: 4 }, { suffix: 0 }]) {
      const none = await s.get("media/company7/big/video.bin", { range });
      assert.equal(none?.range, "unsatisfiable", JSON.stringify(range));
      assert.equal(none?.size, 20 * MiB);
    }
    assert.equal(await s.get("media/company7/none.bin", { range: { start: 0 } }), null);
  });

  await t.step(`${s.kind}: a source that breaks leaves nothing behind, not half a file`, async () => {
    await assert.rejects(s.put("media/company7/big/broken.bin", pattern(20 * MiB, 9 * MiB)));
    assert.equal(await s.stat("media/company7/big/broken.bin"), null);
    await assert.rejects(s.put("media/company7/small/broken.bin", pattern(MiB, 512 * 1024)));
    assert.equal(await s.stat("media/company7/small/broken.bin"), null);
  });

  await t.step(`${s.kind}: putFile moves a local file in whole, and the local file is gone`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "storage-putfile-" });
    try {
      await Deno.writeFile(`${dir}/.partial-x.db`, pattern(3 * MiB));
      const info = await s.putFile("backups/x.db", `${dir}/.partial-x.db`);
      assert.equal(info.size, 3 * MiB);
      assert.equal(await Deno.stat(`${dir}/.partial-x.db`).catch(() => null), null);
      assert.equal(await checkPattern((await s.get("backups/x.db"))!.body), 3 * MiB);
      await s.delete("backups/x.db");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  await t.step(`${s.kind}: list a folder, delete one, delete a folder`, async () => {
    await s.put("media/company70/y.txt", "not company 7's");
    const keys = async (p: string) => (await Array.fromAsync(s.list(p))).map((o) => o.key).sort();
    assert.deepEqual(await keys("media/company7/"), [
      "media/company7/big/video.bin",
      "media/company7/docs/a.txt",
      "media/company7/docs/p.png",
      "media/company7/x/raw",
    ]);
    await s.delete("media/company7/docs/a.txt");
    await s.delete("media/company7/docs/a.txt"); // gone already: no error
    assert.equal(await s.deletePrefix("media/company7/"), 3);
    assert.deepEqual(await keys("media/company7/"), []);
    assert.deepEqual(await keys("media/company70/"), ["media/company70/y.txt"]);
  });

  await t.step(`${s.kind}: keys cannot climb out, prefixes are folders`, async () => {
    for (const bad of ["../app_secret", "media/../app_secret", "/etc/passwd", "media//x", "media/./x", ""]) {
      await assert.rejects(s.put(bad, "x"), /invalid key/, bad);
      await assert.rejects(s.get(bad), /invalid key/, bad);
    }
    assert.throws(() => s.list("media"), /folder/);
    await assert.rejects(s.deletePrefix(""), /refusing/);
  });
}

Deno.test("[storage] the same contract on disk and on an S3 bucket", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "atende-storage-" });
  const s3 = await startS3();
  try {
    await contract(t, createStorage({ dataDir: dir }));
    await contract(t, createStorage({ dataDir: dir, storageUrl: await s3.bucket() }));
    await t.step(
      "a prefix in STORAGE_URL keeps the product's files in a folder of a shared bucket",
      async () => {
        const url = await s3.bucket("shared");
        const inner = createStorage({
          dataDir: dir,
          storageUrl: url.replace("@shared?", "@shared/atende/eu?"),
        });
        await inner.put("public/logo.png", PNG);
        const whole = createStorage({ dataDir: dir, storageUrl: url });
        assert.deepEqual((await Array.fromAsync(whole.list(""))).map((o) => o.key), [
          "atende/eu/public/logo.png",
        ]);
        assert.deepEqual((await Array.fromAsync(inner.list(""))).map((o) => o.key), ["public/logo.png"]);
      },
    );
    // s3rver checks the access key but does not recompute V4 signatures (its own note): a wrong key it refuses.
    await t.step("a refused call is an error, not a silent success", async () => {
      const url = (await s3.bucket()).replace("S3RVER:S3RVER", "NOBODY:S3RVER");
      await assert.rejects(createStorage({ dataDir: dir, storageUrl: url }).put("x.txt", "x"), /403/);
    });
  } finally {
    await s3.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[storage] the app on a bucket: saved media are served by their signed URL", async () => {
  const s3 = await startS3();
  const app = await createTestApp({ env: { STORAGE_URL: await s3.bucket() } });
  try {
    assert.equal(app.deps.storage.kind, "s3");
    const { company } = await createCompany(app);
    const f = await app.deps.media.save(
      company.id,
      "docs",
      new File([PNG], "pic.png", { type: "image/png" }),
    );
    const res = await app.request(await app.deps.media.signedUrl(f.path));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal(res.headers.get("content-length"), String(PNG.length));
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
    assert.equal((await app.deps.media.usage(company.id)).files, 1);
    let onDisk = 0;
    for await (const _ of Deno.readDir(app.dataDir)) if (_.name === "media") onDisk++;
    assert.equal(onDisk, 0, "nothing written under DATA_DIR/media");
  } finally {
    await app.close();
    await s3.stop();
  }
});
