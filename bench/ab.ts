/**
 * The A/B step: one benchmark script run against another commit's server and against this
 * checkout's, on the same database, interleaved (base, this, base, this…) so that the machine's
 * load drifts over both alike; then one table of every figure the script printed, per run, with the
 * load average each run started under.
 *
 *   deno run -A bench/ab.ts <commit | server directory> [script, default bench/queries.ts] [rounds, default 2]
 *   deno task bench:ab 58972be
 *
 * A commit is unpacked once (`git archive`) into /tmp/atende-ab-<commit> and its dependencies
 * installed there; a directory is used as it is (a git worktree of that commit works). The base
 * server runs through BENCH_SERVER_DIR, which every script's startServer honours; the client code
 * (what is measured and how) is this checkout's for both sides. Environment passes through
 * (BENCH_LARGE_DIR, N, ONLY, BENCH_PORT…). Figures, not verdicts: compare a difference with the
 * spread between the two runs of the same side.
 */
import { printTable } from "./_lib.ts";

const [target, script = "bench/queries.ts", roundsArg = "2"] = Deno.args;
if (!target) {
  console.error("usage: deno run -A bench/ab.ts <commit | server directory> [script] [rounds]");
  Deno.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const rounds = Number(roundsArg);

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "inherit" }).output();
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed`);
  return new TextDecoder().decode(out.stdout);
}

/** The base server's directory: as given, or the commit unpacked (once) with its dependencies. */
async function baseDir(t: string): Promise<{ dir: string; label: string }> {
  if (await Deno.stat(t).then((s) => s.isDirectory, () => false)) return { dir: t, label: t };
  const sha = (await run("git", ["rev-parse", "--short", `${t}^{commit}`], root)).trim();
  const dir = `/tmp/atende-ab-${sha}`;
  if (!await Deno.stat(`${dir}/.ab-ready`).then(() => true, () => false)) {
    await Deno.mkdir(dir, { recursive: true });
    const tar = `${dir}.tar`;
    await run("git", ["archive", "-o", tar, sha], root);
    await run("tar", ["-xf", tar, "-C", dir], root);
    await Deno.remove(tar);
    await run(Deno.execPath(), ["install"], dir);
    await Deno.writeTextFile(`${dir}/.ab-ready`, new Date().toISOString());
  }
  return { dir, label: sha };
}

type Cell = { table: string; row: string; column: string; text: string; value: number };

/** Every numeric cell of the markdown tables a script printed (`### title`, `| a | b |` rows). */
function cellsOf(output: string): Cell[] {
  const cells: Cell[] = [];
  let table = "", header: string[] = [];
  for (const line of output.split("\n")) {
    if (line.startsWith("### ")) [table, header] = [line.slice(4).replace(/\s*\(.*$/, ""), []];
    if (!line.startsWith("|")) continue;
    const parts = line.split("|").slice(1, -1).map((s) => s.trim());
    if (!header.length) {
      header = parts;
      continue;
    }
    if (parts.every((p) => /^-+$/.test(p))) continue;
    const row = parts.slice(0, Math.max(1, parts.findIndex((p) => /\d/.test(p)))).join(" · ");
    parts.forEach((text, i) => {
      const m = /^(-?[\d,]*\.?\d+)/.exec(text.replace(/^[~*]+/, ""));
      if (i === 0 || !m) return;
      cells.push({ table, row, column: header[i] ?? String(i), text, value: Number(m[1].replace(/,/g, "")) });
    });
  }
  return cells;
}

const loadavg = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

const base = await baseDir(target);
const sides = [{ name: `base ${base.label}`, dir: base.dir }, { name: "this checkout", dir: "" }];
type Run = { side: number; load: string; cells: Map<string, Cell> };
const runs: Run[] = [];
for (let r = 0; r < rounds; r++) {
  for (let s = 0; s < sides.length; s++) {
    const load = loadavg();
    console.error(`[ab] round ${r + 1}: ${sides[s].name} (load ${load})`);
    const env = { ...Deno.env.toObject() };
    if (sides[s].dir) env.BENCH_SERVER_DIR = sides[s].dir;
    else delete env.BENCH_SERVER_DIR;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script],
      cwd: root,
      env,
      clearEnv: true,
      stdout: "piped",
      stderr: "inherit",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    if (!out.success) {
      console.error(`[ab] ${sides[s].name}: the script failed (exit ${out.code}); its figures are missing`);
    }
    if (Deno.env.get("AB_SHOW")) console.log(text);
    const cells = new Map(cellsOf(text).map((c) => [`${c.table} · ${c.row} · ${c.column}`, c]));
    runs.push({ side: s, load, cells });
  }
}

const keys = [...new Set(runs.flatMap((r) => [...r.cells.keys()]))];
const header = ["figure"];
for (const [i, r] of runs.entries()) header.push(`${r.side ? "this" : "base"} #${Math.floor(i / 2) + 1}`);
header.push("this / base (means)");
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows = keys.map((k) => {
  const vals = runs.map((r) => r.cells.get(k));
  const b = vals.filter((v, i) => v && runs[i].side === 0).map((v) => v!.value);
  const t = vals.filter((v, i) => v && runs[i].side === 1).map((v) => v!.value);
  const ratio = b.length && t.length && mean(b) ? (mean(t) / mean(b)).toFixed(2) : "—";
  return [k, ...vals.map((v) => v?.text ?? "—"), ratio];
});
printTable(`A/B: ${script}, ${sides[0].name} vs this checkout, ${rounds} interleaved rounds`, header, rows, [
  `Load average at the start of each run: ${runs.map((r, i) => `${header[i + 1]} ${r.load}`).join("; ")}.`,
]);
