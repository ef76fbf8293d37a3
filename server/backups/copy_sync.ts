/**
 * Writes a growing file back to the disk in small steps while another thread writes it (the
 * backup Worker's `VACUUM INTO`). Left alone, the copy's pages stay dirty in memory until the
 * kernel's flusher writes them all at once (on this kind of machine the whole copy is below the
 * background threshold, so that happens 30 s later, as one burst of the database's size); a read
 * or block allocation the main thread needs meanwhile can wait behind that burst in the disk's queue,
 * and the event loop stalls with it (bench/README.md "Backup pause", third round). Here a sync (`fdatasync`, run on Deno's blocking pool, never
 * on the event loop) follows every `stepBytes` the file grows, one at a time: what is dirty of the
 * copy is what it writes while one sync runs (100–220 MiB on the 1.9 GB benchmark database) instead
 * of all of it. The last sync at `stop()` also makes the finished copy durable before it is moved in.
 */

export type CopySyncStats = {
  /** How many syncs ran. */
  syncs: number;
  /** The bytes each sync wrote back (the file's growth since the sync before). */
  steps: number[];
};

export type CopySync = {
  /** Looks at the file now and syncs it when it grew by a step (the timer calls it too). */
  check(): Promise<void>;
  /** Stops watching, syncs what is left, and tells what was done. */
  stop(): Promise<CopySyncStats>;
};

export type CopySyncOptions = {
  /** Sync once the file grew by this much since the last sync (default 4 MiB). */
  stepBytes?: number;
  /** How often the file's size is looked at, in ms (default 50; 0 = only `check()`). */
  everyMs?: number;
};

export function syncWhileGrowing(path: string, o: CopySyncOptions = {}): CopySync {
  const step = o.stepBytes ?? 4 * 2 ** 20;
  const everyMs = o.everyMs ?? 50;
  const stats: CopySyncStats = { syncs: 0, steps: [] };
  let file: Deno.FsFile | null = null;
  let synced = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One look at a time: a sync in progress is never doubled by the next tick.
  let chain: Promise<void> = Promise.resolve();

  async function look(final: boolean): Promise<void> {
    file ??= await Deno.open(path, { read: true }).catch((err) => {
      if (err instanceof Deno.errors.NotFound) return null; // the writer has not created it yet
      throw err;
    });
    if (!file) return;
    const size = (await file.stat()).size;
    if (size - synced < step && !(final && size > synced)) return;
    await file.syncData();
    stats.syncs++;
    stats.steps.push(size - synced);
    synced = size;
  }

  function check(final = false): Promise<void> {
    chain = chain.then(() => look(final)).catch((err) => console.error("[backups] copy sync:", err));
    return chain;
  }

  function tick() {
    if (stopped) return;
    check().then(() => {
      if (!stopped) timer = setTimeout(tick, everyMs);
    });
  }
  if (everyMs > 0) timer = setTimeout(tick, everyMs);

  return {
    check: () => check(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await check(true);
      try {
        file?.close();
      } catch { /* closed */ }
      return stats;
    },
  };
}
