/**
 * Files in a fleet: two server processes (tests/fleet/_instance.ts) on one database, each with its own
 * DATA_DIR (as on two machines), both with STORAGE_URL on one bucket of a local S3 server. A file
 * uploaded through one instance is served through the other by the same signed URL; a replacement made
 * on the second removes the first file for both; nothing lands in either instance's DATA_DIR.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { startS3 } from "../_helpers/s3.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { PNG } from "../_helpers/http.ts";
import { type Instance, spawnInstance } from "./_fleet.ts";

async function upload(base: string, userId: number, token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("profileImage", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
  const res = await fetch(`${base}/api/users/${userId}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.profileImage as string;
}

async function get(base: string, url: string): Promise<{ status: number; bytes: Uint8Array }> {
  const res = await fetch(base + url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

Deno.test("[fleet] a file uploaded through one instance is read through another (shared bucket)", async () => {
  const s3 = await startS3();
  const shared = await Deno.makeTempDir({ prefix: "atende-fleet-storage-" });
  const dirs = [
    await Deno.makeTempDir({ prefix: "atende-a-" }),
    await Deno.makeTempDir({ prefix: "atende-b-" }),
  ];
  const storageUrl = await s3.bucket();
  const t = await createTestApp({ dataDir: shared, scheduler: false, env: { STORAGE_URL: storageUrl } });
  const procs: Instance[] = [];
  try {
    const { company } = await createCompany(t);
    const u = await createUser(t, company.id);
    const { token } = await login(t, u);
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: `file:${shared}/atende.db`,
      STORAGE_URL: storageUrl,
    });
    const a = await spawnInstance(env(dirs[0]));
    procs.push(a);
    const b = await spawnInstance(env(dirs[1]));
    procs.push(b);

    const first = await upload(a.url, u.user.id, token, PNG, "me.png");
    const onB = await get(b.url, first);
    assert.equal(onB.status, 200, "B serves what A stored");
    assert.deepEqual(onB.bytes, PNG);

    // Replaced through B: the old file is gone for A too, the new one is served by A.
    const other = new Uint8Array([...PNG, 0, 1, 2]);
    const second = await upload(b.url, u.user.id, token, other, "me2.png");
    assert.equal((await get(a.url, first)).status, 404, "the replaced file was removed from the bucket");
    const onA = await get(a.url, second);
    assert.equal(onA.status, 200);
    assert.deepEqual(onA.bytes, other);

    const keys = (await Array.fromAsync(t.deps.storage.list(`media/company${company.id}/`))).map((o) =>
      o.key
    );
    assert.equal(keys.length, 1);
    assert.ok(keys[0].startsWith(`media/company${company.id}/users/${u.user.id}/`));
    for (const dir of dirs) {
      const names = (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name);
      assert.ok(!names.includes("media"), `nothing under ${dir}/media`);
    }
  } finally {
    for (const p of procs) await p.stop();
    await t.close();
    await s3.stop();
    for (const d of [shared, ...dirs]) await Deno.remove(d, { recursive: true }).catch(() => undefined);
  }
});
