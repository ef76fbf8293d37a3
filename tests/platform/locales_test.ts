/**
 * The four languages of the web app (pt, es, en, tr) hold the same keys in every namespace, so no
 * screen falls back to another language's text; and every value the server can put in front of a
 * user by name (the ticket history's types) has a label in each.
 */
import assert from "node:assert/strict";
import { TICKET_LOG_TYPES } from "@contract/tickets.ts";

const LANGS = ["pt", "es", "en", "tr"] as const;
const dir = new URL("../../web/src/locales/", import.meta.url);

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`));
const read = async (lang: string, ns: string): Promise<Tree> =>
  JSON.parse(await Deno.readTextFile(new URL(`${lang}/${ns}`, dir)));

Deno.test("[platform] the four languages hold the same keys in every namespace", async () => {
  const namespaces = [...Deno.readDirSync(new URL("en/", dir))].map((e) => e.name).sort();
  assert.ok(namespaces.length > 10, "the English namespaces are found");
  for (const lang of LANGS) {
    const own = [...Deno.readDirSync(new URL(`${lang}/`, dir))].map((e) => e.name).sort();
    assert.deepEqual(own, namespaces, `${lang} has the same namespaces as en`);
    for (const ns of namespaces) {
      const expected = keys(await read("en", ns)).sort();
      assert.deepEqual(keys(await read(lang, ns)).sort(), expected, `${lang}/${ns} keys`);
    }
  }
});

Deno.test("[platform] every ticket history type has a label in each language", async () => {
  for (const lang of LANGS) {
    const types = ((await read(lang, "tickets.json")).log as Tree).types as Tree;
    for (const type of TICKET_LOG_TYPES) {
      assert.equal(typeof types[type], "string", `${lang}: log.types.${type}`);
      assert.ok((types[type] as string).trim(), `${lang}: log.types.${type} is not empty`);
    }
  }
});

Deno.test("[platform] the 'may not have arrived' texts speak of every channel that cannot recognise a repeat, and the stored code has a label", async () => {
  for (const lang of LANGS) {
    const report = (await read(lang, "campaigns.json")).report as Tree;
    for (const key of ["uncertainHint_one", "uncertainHint_other"]) {
      assert.match(report[key] as string, /Telegram/, `${lang}: report.${key} names Telegram`);
    }
    const errors = await read(lang, "errors.json");
    for (const code of ["ERR_SEND_UNCERTAIN", "ERR_CONTACT_UNREACHABLE"]) {
      assert.ok((errors[code] as string)?.trim(), `${lang}: errors.${code}`);
    }
  }
});
