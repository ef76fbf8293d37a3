/**
 * ARCHITECTURE.md is the map a newcomer reads first, so it must not drift from the tree: every
 * server folder and every web feature that exists is named in its "## Map" section, headings
 * name features rather than the issues that produced them, and no code fence is left open (an
 * open fence once swallowed a section and let `deno fmt` reflow the map into one paragraph).
 */
import assert from "node:assert/strict";

const repo = new URL("../../", import.meta.url);
const doc = await Deno.readTextFile(new URL("ARCHITECTURE.md", repo));

async function folders(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(new URL(dir, repo))) if (e.isDirectory) out.push(e.name);
  return out.sort();
}

type Fence = { char: string; length: number };

/** Each line with whether it sits inside a code fence (CommonMark: ``` or ~~~, closed by a longer-or-equal run). */
function scan(
  text: string,
): { lines: { text: string; inFence: boolean }[]; open: Fence | null; openedAt: number } {
  const lines: { text: string; inFence: boolean }[] = [];
  let open: Fence | null = null;
  let openedAt = 0;
  text.split("\n").forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!open && m && !(m[1][0] === "`" && m[2].includes("`"))) {
      open = { char: m[1][0], length: m[1].length };
      openedAt = i + 1;
      lines.push({ text: line, inFence: true });
    } else if (open && m && m[1][0] === open.char && m[1].length >= open.length && m[2].trim() === "") {
      open = null;
      lines.push({ text: line, inFence: true });
    } else lines.push({ text: line, inFence: open !== null });
  });
  return { lines, open, openedAt };
}

const scanned = scan(doc);

/** The text of the "## Map" section, up to the next second-level heading. */
function mapSection(): string {
  const out: string[] = [];
  let inMap = false;
  for (const { text, inFence } of scanned.lines) {
    if (!inFence && /^##\s/.test(text)) inMap = /^##\s+Map\s*$/.test(text);
    else if (inMap) out.push(text);
  }
  return out.join("\n");
}

const named = (map: string, path: string) =>
  new RegExp(`(^|[^\\w/])${path.replaceAll("/", "\\/")}/`, "m").test(map);

Deno.test("[hardening] ARCHITECTURE.md's map names every server folder and every web feature", async () => {
  const map = mapSection();
  assert.ok(map.length > 0, 'ARCHITECTURE.md has no "## Map" section');
  const server = await folders("server/");
  const web = await folders("web/src/features/");
  assert.ok(server.length > 20 && web.length > 20, "the folder walk found the tree");
  const missing = [
    ...server.map((f) => `server/${f}`),
    ...web.map((f) => `web/src/features/${f}`),
  ].filter((path) => !named(map, path));
  assert.deepEqual(missing, [], `add these folders to ARCHITECTURE.md's "## Map": ${missing.join(", ")}`);
});

Deno.test("[hardening] ARCHITECTURE.md's headings carry no issue numbers", () => {
  const bad = scanned.lines
    .map(({ text, inFence }, i) => ({ text, inFence, line: i + 1 }))
    .filter(({ text, inFence }) => !inFence && /^#{1,6}\s/.test(text))
    .filter(({ text }) =>
      /\bissues?\s*#?\s*\d+/i.test(text) || /(^|[\s(])#\d+\b/.test(text.replace(/^#+/, ""))
    )
    .map(({ text, line }) => `ARCHITECTURE.md:${line}: ${text}`);
  assert.deepEqual(bad, [], "name the feature, not the issue");
});

Deno.test("[hardening] ARCHITECTURE.md closes every code fence", () => {
  assert.equal(
    scanned.open,
    null,
    `the code fence opened at ARCHITECTURE.md:${scanned.openedAt} is never closed`,
  );
});
