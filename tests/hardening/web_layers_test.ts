/**
 * The layers the web app and the contract keep, checked on the source (DESIGN §10):
 * - web features meet only through web/src/lib, web/src/components or a feature's index.ts, so a
 *   feature's files can change without reaching into another's;
 * - contract/ (what crosses the wire, shared by server and web) stands on nothing but zod and
 *   plain TypeScript: no server/, web/ or db/ import, no Deno API, no DOM global, no node: module.
 */
import assert from "node:assert/strict";

const project = new URL("../../", import.meta.url).pathname;
const FEATURES = "web/src/features/";

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${project}${dir}`)) {
    const p = `${dir}${e.name}`;
    if (e.isDirectory) out.push(...await sources(`${p}/`));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

/** The text without comments (a specifier or a name inside a comment is not an import or a use). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** Every module specifier a file names: static imports and re-exports, side-effect and dynamic imports. */
function specifiers(text: string): string[] {
  const out: string[] = [];
  const t = code(text);
  for (
    const re of [
      /\bfrom\s+["']([^"']+)["']/g,
      /\bimport\s+["']([^"']+)["']/g,
      /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    ]
  ) {
    for (const m of t.matchAll(re)) out.push(m[1]);
  }
  return out;
}

/** A relative specifier resolved against the importing file (both project-relative). */
function resolve(from: string, spec: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/");
}

const featureOf = (path: string) =>
  path.startsWith(FEATURES) ? path.slice(FEATURES.length).split("/")[0] : null;

Deno.test("[hardening] web features import one another only through the other's index.ts", async () => {
  const files = await sources(FEATURES);
  assert.ok(files.length > 100);
  const offenders: string[] = [];
  for (const file of files) {
    const own = featureOf(file);
    for (const spec of specifiers(await Deno.readTextFile(`${project}${file}`))) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(file, spec);
      const other = featureOf(target);
      if (other && other !== own && target !== `${FEATURES}${other}/index.ts`) {
        offenders.push(`${file} -> ${target}`);
      }
    }
  }
  assert.deepEqual(
    offenders,
    [],
    "import the other feature's index.ts, or move the shared part to lib/ or components/",
  );
});

Deno.test("[hardening] contract/ imports only zod and itself, and uses no Deno, DOM or node: API", async () => {
  const files = await sources("contract/");
  assert.ok(files.includes("contract/index.ts") && files.includes("contract/tickets.ts"));
  const offenders: string[] = [];
  for (const file of files) {
    const text = await Deno.readTextFile(`${project}${file}`);
    for (const spec of specifiers(text)) {
      const inside = spec.startsWith(".") && resolve(file, spec).startsWith("contract/");
      if (!inside && spec !== "zod" && !spec.startsWith("zod/")) offenders.push(`${file} imports ${spec}`);
    }
    code(text).split("\n").forEach((line, i) => {
      const use =
        /\bDeno\.|\b(window|document|navigator|localStorage|sessionStorage|location)\s*[.[]|\bprocess\./
          .exec(line);
      if (use) offenders.push(`${file}:${i + 1} uses ${use[0]}`);
    });
  }
  assert.deepEqual(offenders, [], "contract/ is plain TypeScript and zod, shared by server and browser");
});
