/**
 * The layers of DESIGN §10, checked on the source: no import circle in server/ and db/ but the db
 * schema's own, and the lower floor (lib/, db/, events/, realtime/, jobs/, mail/, media/, fleet/,
 * the Deps type in deps.ts, caches.ts) imports no feature folder — not even a type. Reads the
 * imports with a regex walk (like the import-graph measure), so it needs no network and no build.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;
const INFRA = new Set(["lib", "events", "realtime", "jobs", "mail", "media", "fleet"]);
const ROOT_INFRA = new Set(["server/deps.ts", "server/caches.ts"]);

type Edge = { from: string; to: string; typeOnly: boolean };

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory && e.name !== "migrations" && e.name !== "node_modules") out.push(...await sources(p));
    else if (/\.tsx?$/.test(e.name) && !/_test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

async function importGraph(): Promise<{ files: string[]; edges: Edge[] }> {
  const cfg = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const aliases = Object.entries(cfg.imports as Record<string, string>)
    .filter(([, v]) => v.startsWith("./")).map(([k, v]) => [k, v.slice(2)] as const);
  const files = [...await sources("server"), ...await sources("db")];
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    let p: string | null = null;
    if (spec.startsWith(".")) {
      const parts = from.split("/").slice(0, -1);
      for (const s of spec.split("/")) {
        if (s === "..") parts.pop();
        else if (s !== ".") parts.push(s);
      }
      p = parts.join("/");
    } else {
      for (const [k, v] of aliases) if (spec.startsWith(k)) p = v + spec.slice(k.length);
    }
    if (!p) return null;
    for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`]) if (known.has(c)) return c;
    return null;
  };
  const edges: Edge[] = [];
  for (const from of files) {
    const text = await Deno.readTextFile(`${ROOT}${from}`);
    for (const m of text.matchAll(IMPORT)) {
      const to = resolve(from, m[4] ?? m[5]);
      if (!to) continue;
      const names = (m[3] ?? "").trim();
      const typeOnly = !!m[2] ||
        (/^\{[^}]*\}$/.test(names) &&
          names.slice(1, -1).split(",").every((n) => /^\s*type\s/.test(n) || !n.trim()));
      edges.push({ from, to, typeOnly });
    }
  }
  return { files, edges };
}

/** Strongly connected components of more than one file (Tarjan). */
function circles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), on = new Set<string>();
  const stack: string[] = [], out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

const area = (f: string) => f.startsWith("db/") ? "db" : f.split("/").length > 2 ? f.split("/")[1] : null;
const isInfra = (f: string) => ROOT_INFRA.has(f) || area(f) === "db" || INFRA.has(area(f) ?? "");
/** A file in a server feature folder (not the lower floor, not a root file such as compose.ts). */
const isFeature = (f: string) => f.startsWith("server/") && area(f) !== null && !INFRA.has(area(f)!);

const describe = (c: string[], edges: Edge[]) => {
  const set = new Set(c);
  const inside = edges.filter((e) => set.has(e.from) && set.has(e.to));
  return `${c.length} files:\n    ${
    inside.map((e) => `${e.from} -> ${e.to}${e.typeOnly ? " (type)" : ""}`).join("\n    ")
  }`;
};

const { files, edges } = await importGraph();
const allowed = (c: string[]) => c.every((f) => f.startsWith("db/schema/"));

Deno.test("[hardening] no import circle in server/ and db/ but the db schema's own", () => {
  assert.ok(files.length > 200, "the walk found the sources");
  const found = circles(files, edges);
  const bad = found.filter((c) => !allowed(c));
  assert.deepEqual(bad.map((c) => describe(c, edges)), [], "import circles (all import kinds)");
});

Deno.test("[hardening] no circle of value imports", () => {
  const values = edges.filter((e) => !e.typeOnly);
  const bad = circles(files, values).filter((c) => !allowed(c));
  assert.deepEqual(bad.map((c) => describe(c, values)), [], "value-import circles");
});

Deno.test("[hardening] the lower floor imports no feature (value or type)", () => {
  const up = edges.filter((e) => isInfra(e.from) && isFeature(e.to))
    .map((e) => `${e.from} -> ${e.to}${e.typeOnly ? " (type)" : ""}`);
  assert.deepEqual(
    up,
    [],
    "lib/ db/ events/ realtime/ jobs/ mail/ media/ fleet/, deps.ts and caches.ts import no feature folder",
  );
});
