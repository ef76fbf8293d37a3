/** Starts Debian's redis-server on a free loopback port for a test; null when it is not installed. */
export type RedisServer = { url: string; stop(): Promise<void> };

export function hasBinary(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

export async function startRedis(): Promise<RedisServer | null> {
  if (!hasBinary("/usr/bin/redis-server")) {
    if (Deno.env.get("CI") === "true") {
      throw new Error("redis-server is required in CI (.ci/run installs it)");
    }
    console.warn("SKIPPED: redis-server is not installed (apt-get install redis-server)");
    return null;
  }
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const dir = await Deno.makeTempDir({ prefix: "redis-" });
  const child = new Deno.Command("/usr/bin/redis-server", {
    args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 50; i++) {
    try {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      c.close();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => undefined);
    },
  };
}
