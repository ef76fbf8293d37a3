/**
 * Builds the web app when dist/ is missing or older than any file under web/ or contract/ (the
 * wire types and the date helper the app imports) or the Vite config, so `deno task start` and
 * `deno task test` work from a fresh clone.
 */
const root = new URL("../../", import.meta.url).pathname;

async function newest(dir: string): Promise<number> {
  let max = 0;
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) max = Math.max(max, await newest(p));
    else max = Math.max(max, (await Deno.stat(p)).mtime?.getTime() ?? 0);
  }
  return max;
}

async function mtime(p: string): Promise<number> {
  try {
    return (await Deno.stat(p)).mtime?.getTime() ?? 0;
  } catch {
    return 0;
  }
}

const built = await mtime(`${root}dist/index.html`);
const sources = Math.max(
  await newest(`${root}web`),
  await newest(`${root}contract`),
  await mtime(`${root}vite.config.ts`),
);
if (built && built >= sources) Deno.exit(0);

console.log("Building the web app (dist/ is missing or older than web/)…");
const r = await new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "npm:vite@8.3.8", "build", "--logLevel", "warn"],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(r.code);
