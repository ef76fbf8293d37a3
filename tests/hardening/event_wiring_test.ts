/**
 * One event wiring (DESIGN §6): every subscriber lives in its feature's `listeners.ts` and the
 * composition root registers them all. The app is built as every test builds it; the bus records
 * which file subscribed each handler (here only: the production bus stays as it is), and the
 * resulting table must equal the one in ARCHITECTURE.md ("Events: who reacts"). On the source: no
 * `bus.on(` outside a listeners.ts, no `hub.publish(` outside a listeners.ts or realtime/.
 */
import assert from "node:assert/strict";
import { EventBus } from "@/events/bus.ts";
import { createTestApp } from "../_helpers/test_app.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const LISTENERS_FILE = /\/server\/((?:[a-z_]+\/)*[a-z_]+)\/listeners\.ts:\d+:\d+/;

/** event name → the features whose listeners.ts subscribe it, in registration order. */
async function wiredTable(): Promise<Map<string, string[]>> {
  const table = new Map<string, string[]>();
  const strays: string[] = [];
  const on = EventBus.prototype.on;
  EventBus.prototype.on = function (this: EventBus, name: string, handler: unknown) {
    const caller = (new Error().stack ?? "").split("\n").slice(2).find((l) => l.includes("/server/"));
    const m = caller?.match(LISTENERS_FILE);
    if (!m) strays.push(`${name}: ${caller?.trim()}`);
    else {
      const list = table.get(name) ?? [];
      if (!list.includes(m[1])) list.push(m[1]);
      table.set(name, list);
    }
    return (on as (name: string, handler: unknown) => void).call(this, name, handler);
  } as typeof on;
  try {
    const t = await createTestApp({ scheduler: false });
    await t.close();
  } finally {
    EventBus.prototype.on = on;
  }
  assert.deepEqual(strays, [], "every subscription is made from a server/<feature>/listeners.ts");
  return table;
}

/** The table between the event-table markers of ARCHITECTURE.md: `| \`event\` | a, b |`. */
async function documentedTable(): Promise<Map<string, string[]>> {
  const text = await Deno.readTextFile(`${ROOT}ARCHITECTURE.md`);
  const start = text.indexOf("<!-- event-table:start -->"), end = text.indexOf("<!-- event-table:end -->");
  assert.ok(start >= 0 && end > start, "ARCHITECTURE.md has the event-table markers");
  const table = new Map<string, string[]>();
  for (const line of text.slice(start, end).split("\n")) {
    const m = line.match(/^\|\s*`([^`]+)`\s*\|\s*([^|]*)\|/);
    if (m) table.set(m[1], m[2].split(",").map((s) => s.trim()).filter(Boolean));
  }
  return table;
}

const rows = (t: Map<string, string[]>) =>
  [...t].sort(([a], [b]) => a.localeCompare(b)).map(([e, fs]) => `| \`${e}\` | ${fs.join(", ")} |`);

Deno.test("[hardening] the event → listeners table in ARCHITECTURE.md is the one the app wires", async () => {
  const wired = await wiredTable();
  assert.ok(wired.size > 20, "the app subscribed its listeners");
  assert.deepEqual(rows(await documentedTable()), rows(wired), "ARCHITECTURE.md, Events: who reacts");
});

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await sources(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out;
}

Deno.test("[hardening] bus.on only in listeners.ts; hub.publish only in listeners.ts and realtime/", async () => {
  const onOutside: string[] = [], publishOutside: string[] = [];
  for (const f of await sources("server")) {
    const listeners = f.endsWith("/listeners.ts");
    const lines = (await Deno.readTextFile(`${ROOT}${f}`)).split("\n");
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      if (/\bbus\.on\(/.test(line) && !listeners) onOutside.push(`${f}:${i + 1}`);
      if (/\bhub\.publish\(/.test(line) && !listeners && !f.startsWith("server/realtime/")) {
        publishOutside.push(`${f}:${i + 1}`);
      }
    });
  }
  assert.deepEqual(onOutside, [], "subscribe in the feature's listeners.ts");
  assert.deepEqual(publishOutside, [], "emit an event; its listener publishes the frame");
});
