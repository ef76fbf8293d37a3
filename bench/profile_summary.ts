/**
 * Summarises a V8 .cpuprofile (from `BENCH_DENO_ARGS="--cpu-prof --cpu-prof-dir=DIR"`): self time
 * by function and by package/file, and the time of libraries charged to the nearest function of
 * ours up the stack (which of our calls drive drizzle/libsql), as markdown tables.
 *
 *   deno run -A bench/profile_summary.ts DIR/xxx.cpuprofile [top=25]
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const [file, topArg] = Deno.args;
const top = Number(topArg ?? 25);
const p = JSON.parse(await Deno.readTextFile(file)) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < p.samples.length; i++) {
  self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function area(url: string): string {
  if (!url) return "(native/V8)";
  const m = url.match(/node_modules\/\.deno\/([^/]+)\//) ??
    url.match(/npm\/registry\.npmjs\.org\/([^/]+\/[^/]+)\//);
  if (m) return `npm:${m[1]}`;
  const s = url.match(/\/(server|db|bench)\/(.+)$/);
  if (s) return `${s[1]}/${s[2]}`;
  if (url.startsWith("ext:") || url.startsWith("node:")) return url.replace(/\/[^/]*$/, "");
  return url.replace(/^.*\//, "");
}

const fn = new Map<string, number>();
const ar = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const name = `${n.callFrame.functionName || "(anonymous)"} — ${area(n.callFrame.url)}:${
    n.callFrame.lineNumber + 1
  }`;
  fn.set(name, (fn.get(name) ?? 0) + us);
  const a = ["(idle)", "(program)", "(garbage collector)"].includes(n.callFrame.functionName)
    ? n.callFrame.functionName
    : area(n.callFrame.url);
  ar.set(a, (ar.get(a) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(
    `\n#### ${title} (total ${(total / 1e6).toFixed(1)} s sampled)\n\n| self | % | where |\n|---|---|---|`,
  );
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `| ${(v / 1000).toFixed(0)} ms | ${(v / total * 100).toFixed(1)} | ${k.replaceAll("|", "\\|")} |`,
    );
  }
};
// Each sample's time goes to the innermost first-party (server/ or db/) frame of its stack.
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const ours = new Map<string, number>();
for (const [id, us] of self) {
  let cur: number | undefined = id;
  while (cur !== undefined && !/\/(server|db)\//.test(byId.get(cur)!.callFrame.url)) cur = parent.get(cur);
  if (cur === undefined) continue;
  const n = byId.get(cur)!;
  const name = `${n.callFrame.functionName || "(anonymous)"} — ${area(n.callFrame.url)}:${
    n.callFrame.lineNumber + 1
  }`;
  ours.set(name, (ours.get(name) ?? 0) + us);
}
show("Self time by package / file", ar);
show("Self time by function", fn);
show("Time by our innermost function (incl. the libraries it calls)", ours);
