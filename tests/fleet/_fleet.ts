/** Server processes for the fleet tests: spawn, find, kill -9. */
import { within } from "../_helpers/watchdog.ts";
export type Instance = {
  port: number;
  id: string;
  url: string;
  wsUrl: string;
  /** kill -9: no shutdown hook runs, leases are left to lapse. */
  kill(): Promise<void>;
  /** SIGSTOP: the process holds what it holds and does nothing more (no renewal), until killed. */
  freeze(): void;
  stop(): Promise<void>;
  alive: boolean;
};

export const TEST_SECRET = "test-secret-test-secret-test-secret";

export async function spawnInstance(env: Record<string, string>): Promise<Instance> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_instance.ts", import.meta.url).pathname],
    env: {
      ALLOW_PRIVATE_URLS: "1",
      APP_SECRET: TEST_SECRET,
      WEB_DIST: new URL("../../dist", import.meta.url).pathname,
      ...env,
      PORT: env.PORT ?? "0",
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  let m: RegExpMatchArray | null = null;
  const started = Date.now();
  while (!(m = buf.match(/LISTENING (\d+) (\S+)/))) {
    const { value, done } = await within(
      90_000 - (Date.now() - started),
      "an instance's start",
      reader.read(),
    )
      .catch((err) => {
        child.kill("SIGKILL");
        throw err;
      });
    if (done) throw new Error("instance exited: " + buf);
    buf += value;
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done) { /* drain */ }
  })();
  const port = Number(m[1]);
  const inst: Instance = {
    port,
    id: m[2],
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    alive: true,
    async kill() {
      if (!inst.alive) return;
      inst.alive = false;
      child.kill("SIGKILL");
      await child.status;
    },
    freeze() {
      if (inst.alive) child.kill("SIGSTOP");
    },
    async stop() {
      if (!inst.alive) return;
      inst.alive = false;
      child.kill("SIGTERM");
      // Its own shutdown is bounded; this bounds a process that does not get that far.
      await within(30_000, "an instance's graceful stop", child.status).catch((err) => {
        console.error(err.message);
        child.kill("SIGKILL");
        return child.status;
      });
    },
  };
  return inst;
}

/** The parsed JSON answer: its shape is the test's to read. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/** fetch against an instance with a bearer token and a JSON body. */
export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(base + path, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch { /* not JSON */ }
  return { status: res.status, body };
}

export async function until<T>(
  probe: () => Promise<T> | T,
  what: string,
  ms = 20_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await Promise.resolve().then(probe).catch(() => null as T);
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
