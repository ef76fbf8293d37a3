/**
 * Bounds for test code that waits on something outside its control (a browser, a server's graceful
 * shutdown). A CI run once sat 32 minutes in one browser test and was killed at its time limit with
 * nothing to show: every wait here ends, and says which one it was.
 */

/** Resolves or rejects like `p`, or rejects with a named error after `ms` (`p` is abandoned, not cancelled). */
export async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`[watchdog] ${what} did not finish within ${ms / 1000} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([p, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `probe` until it answers something (not null, undefined or false) and returns that: a wait
 * on a real condition, as Playwright's `expect.poll`. Past `timeoutMs` it fails naming `what`.
 * A probe that throws fails the wait at once.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  { timeoutMs = 30_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got !== null && got !== undefined && got !== false) return got;
    if (Date.now() > end) throw new Error(`[watchdog] ${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Like `within`, for teardown: a step that hangs is reported on stderr and left behind. */
export async function teardown(ms: number, what: string, p: Promise<unknown>): Promise<void> {
  try {
    await within(ms, what, p);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Kills (SIGKILL) every process whose command line contains `marker`: the last resort for a browser
 * whose close() hangs. Reads /proc, so it needs no tool from the machine.
 */
export function killByMarker(marker: string): number {
  let killed = 0;
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    let cmdline = "";
    try {
      cmdline = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    if (!cmdline.includes(marker)) continue;
    try {
      Deno.kill(Number(entry.name), "SIGKILL");
      killed++;
    } catch {
      // already exited
    }
  }
  return killed;
}
