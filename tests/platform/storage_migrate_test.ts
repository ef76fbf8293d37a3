/**
 * server/tools/storage_migrate.ts: an instance's DATA_DIR copied to a bucket of a local S3 server. The
 * tool runs as the operator runs it (a process, configured by the environment); killed with -9 in the
 * middle, it is run again and finishes, skipping what it had copied. The database and secrets stay home.
 */
import assert from "node:assert/strict";
import { createStorage } from "@/lib/storage/storage.ts";
import { startS3 } from "../_helpers/s3.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { PNG } from "../_helpers/http.ts";

const TOOL = new URL("../../server/tools/storage_migrate.ts", import.meta.url).pathname;

function spawnTool(env: Record<string, string>) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", TOOL],
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

Deno.test("[storage] DATA_DIR → bucket: resumable after kill -9, nothing else copied", async () => {
  const s3 = await startS3();
  const dataDir = await Deno.makeTempDir({ prefix: "atende-migrate-" });
  try {
    const disk = createStorage({ dataDir });
    const files = new Map<string, Uint8Array>();
    for (let i = 0; i < 30; i++) {
      const bytes = new Uint8Array(256 * 1024 + i).fill(i);
      files.set(`media/company${1 + (i % 3)}/messages/${i}_file.bin`, bytes);
    }
    files.set("public/logo.png", PNG);
    files.set("certs/certificadoEfi.p12.sealed", new TextEncoder().encode("enc:v1:x"));
    files.set("backups/atende-20261127T220000Z.db", new TextEncoder().encode("a backup"));
    files.set("exports/company1-export1.zip", new TextEncoder().encode("a zip"));
    for (const [k, v] of files) await disk.put(k, v);
    await Deno.writeTextFile(`${dataDir}/app_secret`, "secret");
    await Deno.writeTextFile(`${dataDir}/atende.db`, "not a file to copy");
    await Deno.mkdir(`${dataDir}/outbox`);
    await Deno.writeTextFile(`${dataDir}/outbox/x.eml`, "mail");

    const storageUrl = await s3.bucket();
    const bucket = createStorage({ dataDir, storageUrl });
    // A file already there whole is skipped; one of another size (copied by hand, broken) is copied again.
    await bucket.put("media/company1/messages/0_file.bin", files.get("media/company1/messages/0_file.bin")!);
    await bucket.put("media/company2/messages/1_file.bin", "half");
    const env = {
      DATA_DIR: dataDir,
      STORAGE_URL: storageUrl,
      APP_SECRET: "test-secret-test-secret-test-secret",
    };

    // First run, killed with -9 as soon as it reports progress.
    const first = spawnTool(env);
    const reader = first.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    while (!out.includes("copied")) {
      const { value, done } = await reader.read();
      if (done) break;
      out += value;
    }
    first.kill("SIGKILL");
    await first.status;
    await reader.cancel();
    await first.stderr.cancel();
    const afterKill = (await Array.fromAsync(bucket.list(""))).length;
    assert.ok(afterKill < files.size, `killed before the end (${afterKill} of ${files.size})`);

    // Second run: finishes, skipping what is there.
    const second = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", TOOL],
      env: { ...env, NO_COLOR: "1" },
    }).output();
    const summary = new TextDecoder().decode(second.stdout);
    assert.equal(second.code, 0, summary + new TextDecoder().decode(second.stderr));
    const m = summary.match(/copied (\d+) files .*, (\d+) already there, 0 failed/);
    assert.ok(m, summary);
    assert.ok(Number(m[2]) >= 1, "the second run skipped what was already copied");
    assert.equal(Number(m[1]) + Number(m[2]), files.size);

    const keys = (await Array.fromAsync(bucket.list(""))).map((o) => o.key).sort();
    assert.deepEqual(keys, [...files.keys()].sort(), "every product file, and nothing else");
    for (const [k, v] of files) assert.deepEqual(await bucket.bytes(k), v, k);
    assert.equal((await bucket.stat("public/logo.png"))?.contentType, "image/png");

    // A third run copies nothing.
    const third = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", TOOL], env }).output();
    // (30 media files, the logo, the certificate, a backup and an export zip)
    assert.match(new TextDecoder().decode(third.stdout), /copied 0 files .*, 34 already there, 0 failed/);

    // The app on the bucket serves a migrated file by its usual signed URL.
    const app = await createTestApp({ env: { STORAGE_URL: storageUrl } });
    try {
      const res = await app.request(await app.deps.media.signedUrl("company3/messages/2_file.bin"));
      assert.equal(res.status, 200);
      assert.deepEqual(
        new Uint8Array(await res.arrayBuffer()),
        files.get("media/company3/messages/2_file.bin"),
      );
    } finally {
      await app.close();
    }
  } finally {
    await s3.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
