/**
 * Where generated files that outlive a request are kept: database backups and company export
 * zips, on the storage (`deps.storage`: DATA_DIR on this disk, or the fleet's bucket) under
 * `backups/<name>` and `exports/<name>` — on disk the folders they always had. Every write is whole
 * or nothing (the storage's promise), so a listed artifact is a finished one. SQLite writes a backup
 * to a path, not a stream: that file is made in a local scratch folder and then moved in.
 */
import type { Storage } from "./storage/storage.ts";

export type ArtifactKind = "backups" | "exports";
export type Artifact = { name: string; size: number };

const SAFE = /^[a-zA-Z0-9._-]+$/;

function checkName(name: string): string {
  if (!SAFE.test(name) || name.startsWith(".")) throw new Error(`bad artifact name: ${name}`);
  return name;
}

const keyOf = (kind: ArtifactKind, name: string) => `${kind}/${checkName(name)}`;

/**
 * A local path to build `name` in before `storeArtifactFile` moves it in: under `<dir>/<kind>/`
 * (DATA_DIR or a scratch folder), named with a leading dot so the disk storage never lists it.
 */
export async function scratchPath(dir: string, kind: ArtifactKind, name: string): Promise<string> {
  await Deno.mkdir(`${dir}/${kind}`, { recursive: true });
  const path = `${dir}/${kind}/.partial-${checkName(name)}`;
  await Deno.remove(path).catch(() => undefined);
  return path;
}

/** Moves a finished local file in as the artifact (the local file is gone after); its size. */
export async function storeArtifactFile(
  storage: Storage,
  kind: ArtifactKind,
  name: string,
  path: string,
): Promise<number> {
  return (await storage.putFile(keyOf(kind, name), path)).size;
}

/** Writes the artifact from a stream (nothing is kept when the stream fails); its size. */
export async function storeArtifact(
  storage: Storage,
  kind: ArtifactKind,
  name: string,
  body: ReadableStream<Uint8Array>,
  contentType?: string,
): Promise<number> {
  return (await storage.put(keyOf(kind, name), body, { contentType })).size;
}

/** Finished artifacts of a kind, by name (names start with a UTC time stamp or an id). */
export async function listArtifacts(storage: Storage, kind: ArtifactKind): Promise<Artifact[]> {
  const out: Artifact[] = [];
  for await (const f of storage.list(`${kind}/`)) {
    const name = f.key.slice(kind.length + 1);
    if (SAFE.test(name) && !name.startsWith(".")) out.push({ name, size: f.size });
  }
  return out.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The artifact as a stream and its size, or null when it is gone. */
export async function openArtifact(
  storage: Storage,
  kind: ArtifactKind,
  name: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
  const got = await storage.get(keyOf(kind, name));
  return got ? { stream: got.body, size: got.size } : null;
}

/** Copies the artifact to a local file (the restore tool), streamed; false when there is none. */
export async function downloadArtifact(
  storage: Storage,
  kind: ArtifactKind,
  name: string,
  path: string,
): Promise<boolean> {
  const got = await storage.get(keyOf(kind, name));
  if (!got) return false;
  await Deno.writeFile(path, got.body, { mode: 0o600 });
  return true;
}

export async function removeArtifact(storage: Storage, kind: ArtifactKind, name: string): Promise<void> {
  await storage.delete(keyOf(kind, name));
}
