/**
 * Dockerfile and fly.toml cannot be built or deployed here (no Docker daemon, no registry for the
 * base image): this keeps them consistent with the code instead. Every variable they set is one
 * the server reads, the health check path answers, the release command exists, the image runs as
 * the unprivileged user and builds the web app, and the volume is where DATA_DIR points.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { loadConfig } from "@/config.ts";

const root = new URL("../../", import.meta.url).pathname;
const fly = await Deno.readTextFile(`${root}fly.toml`);
const docker = await Deno.readTextFile(`${root}Dockerfile`);
const source = await Deno.readTextFile(`${root}server/config.ts`);

/** `KEY = "value"` lines of one [section] of fly.toml. */
function section(name: string): Record<string, string> {
  const m = fly.match(
    new RegExp(`^\\[${name.replace(/[.[\]]/g, "\\$&")}\\]\\n([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, "m"),
  );
  assert.ok(m, `fly.toml has [${name}]`);
  return Object.fromEntries(
    [...m[1].matchAll(/^\s*([A-Za-z_]+)\s*=\s*"?([^"\n]*)"?/gm)].map((x) => [x[1], x[2]]),
  );
}

Deno.test("[fleet] fly.toml and the Dockerfile set only variables the server reads, with valid values", async () => {
  const env = section("env");
  const dockerEnv = Object.fromEntries(
    [...docker.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
      [...m[1].matchAll(/(\w+)=(\S+)/g)].map((x) => [x[1], x[2]])
    ),
  );
  for (const key of [...Object.keys(env), ...Object.keys(dockerEnv)].filter((k) => k !== "DENO_DIR")) {
    assert.match(source, new RegExp(`\\b${key}:`), `${key} is read by server/config.ts`);
  }
  // The secrets the comments tell operators to set are read too.
  for (
    const secret of ["APP_SECRET", "REDIS_URL", "DATABASE_URL", "DATABASE_SYNC_URL", "DATABASE_AUTH_TOKEN"]
  ) {
    assert.match(fly, new RegExp(secret));
    assert.match(source, new RegExp(`\\b${secret}:`));
  }
  const dataDir = await Deno.makeTempDir();
  try {
    const config = await loadConfig({ ...env, ...dockerEnv, DATA_DIR: dataDir });
    assert.equal(config.port, Number(section("http_service").internal_port));
    assert.equal(config.leaseTtlMs, Number(env.LEASE_TTL_MS));
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
  assert.equal(section("mounts").destination, env.DATA_DIR);
  assert.match(docker, new RegExp(`VOLUME ${env.DATA_DIR}`));
});

Deno.test("[fleet] the image builds the web app, runs as non-root; the checks and the release command exist", async () => {
  assert.match(docker, /^USER deno$/m, "runs as the image's unprivileged user");
  assert.ok(!/^USER root/m.test(docker.split(/^USER deno$/m)[1]), "never back to root");
  assert.match(docker, /deno task build/);
  assert.match(docker, /\/api\/health/);
  const release = section("deploy").release_command.match(/deno run -A (\S+)/)![1];
  await Deno.stat(`${root}${release}`);
  const t = await createTestApp({ scheduler: false });
  try {
    const path = fly.match(/path = "([^"]+)"/)![1];
    const res = await t.request(path);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, "ok");
  } finally {
    await t.close();
  }
});
