/**
 * Where generated files that outlive a request are kept: database backups and company export
 * zips. Today they are plain files under DATA_DIR/<kind>/; this module is the one place that
 * knows it, so moving them onto the storage interface (local disk or an S3-compatible bucket)
 * changes these functions and nothing that calls them.
 */
export type ArtifactKind = "backups" | "exports";
export type Artifact = { name: string; size: number; modifiedAt: Date | null };

const SAFE = /^[a-zA-Z0-9._-]+$/;

function dir(dataDir: string, kind: ArtifactKind): string {
  return `${dataDir}/${kind}`;
}

function checkName(name: string): string {
  if (!SAFE.test(name) || name.startsWith(".")) throw new Error(`bad artifact name: ${name}`);
  return name;
}

/**
 * A local path to write `name` into; `commit` makes it visible (a rename, so a half-written file
 * is never listed or served), `discard` drops it.
 */
export async function artifactWriter(
  dataDir: string,
  kind: ArtifactKind,
  name: string,
): Promise<{ path: string; commit(): Promise<void>; discard(): Promise<void> }> {
  await Deno.mkdir(dir(dataDir, kind), { recursive: true });
  const final = `${dir(dataDir, kind)}/${checkName(name)}`;
  const path = `${dir(dataDir, kind)}/.partial-${name}`;
  await Deno.remove(path).catch(() => undefined);
  return {
    path,
    commit: () => Deno.rename(path, final),
    discard: () => Deno.remove(path).catch(() => undefined),
  };
}

/** Finished artifacts of a kind, newest name last (names start with a UTC time stamp or an id). */
export async function listArtifacts(dataDir: string, kind: ArtifactKind): Promise<Artifact[]> {
  const out: Artifact[] = [];
  try {
    for await (const e of Deno.readDir(dir(dataDir, kind))) {
      if (!e.isFile || e.name.startsWith(".")) continue;
      const st = await Deno.stat(`${dir(dataDir, kind)}/${e.name}`).catch(() => null);
      if (st) out.push({ name: e.name, size: st.size, modifiedAt: st.mtime });
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return out.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The artifact as a stream and its size, or null when it is gone. */
export async function openArtifact(
  dataDir: string,
  kind: ArtifactKind,
  name: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  try {
    const f = await Deno.open(`${dir(dataDir, kind)}/${checkName(name)}`, { read: true });
    const { size } = await f.stat();
    return { stream: f.readable, size };
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

/** A local file path of a finished artifact (the restore tool copies it into place). */
export function artifactLocalPath(dataDir: string, kind: ArtifactKind, name: string): string {
  return `${dir(dataDir, kind)}/${checkName(name)}`;
}

export async function removeArtifact(dataDir: string, kind: ArtifactKind, name: string): Promise<void> {
  await Deno.remove(`${dir(dataDir, kind)}/${checkName(name)}`).catch((err) => {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  });
}
