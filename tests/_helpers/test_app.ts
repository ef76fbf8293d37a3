/**
 * Builds the real app for a test: a temp-file libSQL database migrated and seeded exactly as in
 * production, the same `createDeps` and `createApp`. Nothing of ours is mocked.
 *
 * TEST_STORAGE=s3 keeps every file in a bucket of a local S3 server (s3rver, started with the app and
 * stopped by close()) instead of DATA_DIR: `TEST_STORAGE=s3 deno test -A tests/<area>/` runs an area's
 * tests on object storage. The bucket's objects live in `<dataDir>/s3rver`, so two apps given the same
 * dataDir (a restart, a second instance) see the same files, as they would on one disk.
 */
import { loadConfig } from "@/config.ts";
import type { Deps } from "@/deps.ts";
import { closeDeps, createDeps } from "@/compose.ts";
import { teardown } from "./watchdog.ts";
import { createApp } from "@/app.ts";
import { openDatabase } from "@db/client.ts";
import { runSeed } from "@/seed.ts";
import { startScheduler } from "@/jobs/scheduler.ts";
import type { Clock } from "@/lib/time.ts";
import type { Resolver } from "@/lib/safe_fetch.ts";
import type { Hono } from "hono";
import type { AppEnv } from "@/lib/context.ts";

export const OPERATOR = { email: "op@atende.test", password: "Operator#2026" };

export type TestApp = {
  app: Hono<AppEnv>;
  deps: Deps;
  dataDir: string;
  /** Calls the app in-process; `token` becomes the bearer header, `json` the body. */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
};

export type TestServer = TestApp & { url: string; wsUrl: string; port: number };

export type TestAppOptions = {
  redisUrl?: string;
  clock?: Clock;
  env?: Record<string, string>;
  dataDir?: string;
  /** false: no scheduler; the test runs jobs itself (runDueJobs). */
  scheduler?: boolean;
  /** The SSRF guard's DNS resolver (tests map names to addresses). */
  resolve?: Resolver;
};

/** The test storage: DATA_DIR (default) or, with TEST_STORAGE=s3, a local S3 server over `dataDir`. */
async function testStorage(dataDir: string): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (Deno.env.get("TEST_STORAGE") !== "s3") return { env: {}, stop: () => Promise.resolve() };
  // Loaded only here: s3rver and its dependencies cost every test file a third of a CPU-second
  // to load, and only TEST_STORAGE=s3 runs use them.
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: `${dataDir}/s3rver`,
    configureBuckets: [{ name: "atende" }],
  });
  const { port } = await server.run();
  return {
    env: { STORAGE_URL: `s3://S3RVER:S3RVER@atende?endpoint=http://127.0.0.1:${port}&region=us-east-1` },
    stop: () => server.close(),
  };
}

const MIGRATIONS = new URL("../../db/migrations/", import.meta.url).pathname;

/**
 * An empty database with every migration applied, made once per set of migrations and shared by
 * every test file of the run (and later runs): a new app starts from a copy of it instead of
 * running the migrations again (a tenth of a CPU-second and seven fsyncs each, some 600 times a
 * run). The app still opens it through `openDatabase`, which finds every migration applied. The
 * file's name carries a hash of the migrations and of the database opener, so a changed or added
 * migration makes a new one.
 */
let template: Promise<string> | null = null;
function migratedTemplate(): Promise<string> {
  return template ??= (async () => {
    const names: string[] = [];
    for await (const e of Deno.readDir(MIGRATIONS)) if (e.isFile) names.push(e.name);
    // The database opener's files too: a pragma that stays in the file would change with them.
    const files = [...names.sort(), "meta/_journal.json", "../client.ts", "../driver.ts", "../connection.ts"];
    const text = files.map((n) => `${n}\n${Deno.readTextFileSync(MIGRATIONS + n)}`).join("\n");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const path = `${Deno.env.get("TMPDIR") ?? "/tmp"}/atende-test-template-${hex.slice(0, 24)}.db`;
    try {
      await Deno.stat(path);
      return path;
    } catch {
      // Made below: in a folder of its own, then renamed into place (atomic; another test file
      // making it at the same time renames an identical file over it).
    }
    const dir = await Deno.makeTempDir({ prefix: "atende-template-" });
    const database = await openDatabase(`file:${dir}/atende.db`);
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    database.close();
    await Deno.rename(`${dir}/atende.db`, path);
    await Deno.remove(dir, { recursive: true }).catch(() => undefined);
    return path;
  })();
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? await Deno.makeTempDir({ prefix: "atende-test-" });
  // A new data folder starts from the migrated template, unless the test points the app at a
  // database of its own.
  if (!opts.dataDir && !opts.env?.DATABASE_URL) {
    await Deno.copyFile(await migratedTemplate(), `${dataDir}/atende.db`);
  }
  const storage = await testStorage(dataDir);
  const config = await loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret",
    ADMIN_EMAIL: OPERATOR.email,
    ADMIN_PASSWORD: OPERATOR.password,
    PORT: "0",
    WEB_DIST: new URL("../../dist", import.meta.url).pathname,
    // Tests talk to local servers on 127.0.0.1; the SSRF suite turns this off.
    ALLOW_PRIVATE_URLS: "1",
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    // TEST_DATABASE_DRIVER=client runs a suite on @libsql/client, the remote path's client.
    ...(Deno.env.get("TEST_DATABASE_DRIVER")
      ? { DATABASE_DRIVER: Deno.env.get("TEST_DATABASE_DRIVER") }
      : {}),
    ...storage.env,
    ...opts.env,
  });
  const deps = await createDeps(config, { clock: opts.clock, resolve: opts.resolve });
  await runSeed(deps);
  const app = createApp(deps);
  // The same clock-driven jobs as production (lease, job queue), unless a test drives them itself.
  const scheduler = opts.scheduler === false ? null : startScheduler(deps);
  return {
    app,
    deps,
    dataDir,
    request(path, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("authorization", `Bearer ${token}`);
      let body = rest.body;
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(json);
      }
      return Promise.resolve(app.request(path, { ...rest, headers, body }));
    },
    async close() {
      await scheduler?.stop();
      await closeDeps(deps);
      await storage.stop();
      if (!opts.dataDir) await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
    },
  };
}

/** The same app on a real port (for sockets and the browser). */
export async function startTestServer(opts: TestAppOptions = {}): Promise<TestServer> {
  const t = await createTestApp(opts);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
  const port = server.addr.port;
  return {
    ...t,
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    async close() {
      t.deps.hub.closeAll();
      // A graceful shutdown waits for every request in flight; one that never ends must not hold
      // the run (it is reported, and the process exits with the test file).
      await teardown(15_000, "the test server's graceful shutdown", server.shutdown());
      await teardown(15_000, "closing the test app (scheduler, bus, database)", t.close());
    },
  };
}

/** `await json(res)` with the status asserted first (status, then error code, then body). */
export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
