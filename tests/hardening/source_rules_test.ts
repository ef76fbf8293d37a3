/**
 * Class rules that a review could miss, checked on the source: outbound requests only through
 * lib/safe_fetch.ts, request bodies only through lib/body.ts.
 */
import assert from "node:assert/strict";

const root = new URL("../../server/", import.meta.url).pathname;

async function sources(dir = root): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}${e.name}`;
    if (e.isDirectory) out.push(...await sources(`${p}/`));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out;
}

function offenders(files: Map<string, string>, pattern: RegExp, allowed: string[]): string[] {
  const hits: string[] = [];
  for (const [path, text] of files) {
    const rel = path.slice(root.length);
    if (allowed.includes(rel)) continue;
    text.split("\n").forEach((line, i) => {
      if (pattern.test(line) && !/^\s*(\/\/|\*)/.test(line)) {
        hits.push(`server/${rel}:${i + 1}: ${line.trim()}`);
      }
    });
  }
  return hits;
}

Deno.test("[hardening] no bare fetch() and no body read outside their guarded helpers", async () => {
  const files = new Map<string, string>();
  for (const p of await sources()) files.set(p, await Deno.readTextFile(p));
  assert.ok(files.size > 100);
  assert.deepEqual(offenders(files, /(^|[^\w.])fetch\(/, ["lib/safe_fetch.ts"]), [], "use safeFetch");
  assert.deepEqual(
    offenders(
      files,
      // Any formData() (a clone of the raw request too) and any read of the raw request's body.
      /\breq\.(json|text|formData|arrayBuffer|blob|parseBody)\(|req\.raw\.(json|text|formData|arrayBuffer|blob|clone)\(|\.formData\(/,
      [
        "lib/body.ts",
      ],
    ),
    [],
    "read bodies through lib/body.ts",
  );
});
