/**
 * GET /api/docs: the API reference as one self-contained HTML page rendered on the server from
 * the OpenAPI document — paths grouped by tag, parameters, bodies, answers, errors, a curl line
 * per route and the shared schemas. No script and nothing from a CDN: the page's CSP allows only
 * its own inline style (by hash). Its words come from i18next in the four languages of the app.
 */
import i18next, { type TFunction } from "i18next";
import { createHash } from "node:crypto";
import pt from "../../web/src/locales/pt/api_docs.json" with { type: "json" };
import es from "../../web/src/locales/es/api_docs.json" with { type: "json" };
import en from "../../web/src/locales/en/api_docs.json" with { type: "json" };
import tr from "../../web/src/locales/tr/api_docs.json" with { type: "json" };
import { page as css } from "./page_style.ts";

type Json = Record<string, unknown>;
type Schema = Json & { $ref?: string; type?: string | string[]; properties?: Record<string, Schema> };

export const PAGE_LANGS = ["en", "pt", "es", "tr"] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

const i18n = i18next.createInstance();
await i18n.init({
  resources: { pt: { api_docs: pt }, es: { api_docs: es }, en: { api_docs: en }, tr: { api_docs: tr } },
  fallbackLng: "en",
  ns: ["api_docs"],
  defaultNS: "api_docs",
  interpolation: { escapeValue: false },
});

/** The CSP of the page: its one inline style by hash, nothing else loads. */
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${
  createHash("sha256").update(css, "utf8").digest("base64")
}'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** `?lang=` wins, then the browser's first language we have, then English. */
export function pickLang(query: string | undefined, acceptLanguage: string | undefined): PageLang {
  const ok = (l: string | undefined) => PAGE_LANGS.find((x) => x === l?.slice(0, 2).toLowerCase());
  return ok(query) ?? acceptLanguage?.split(",").map((p) => ok(p.trim())).find(Boolean) ?? "en";
}

export const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Descriptions use `code` spans and blank-line paragraphs. */
const prose = (s: unknown) =>
  esc(s).split(/\n\n+/).map((p) => `<p>${p.replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`).join("");
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
const refName = (ref: string) => ref.split("/").pop()!;

/** A short type: `Ticket`, `string | null`, `Message[]`, `"open" | "pending"`. */
function typeOf(s: Schema | undefined): string {
  if (!s) return "any";
  if (s.$ref) return `<a href="#${anchor("schema", refName(s.$ref))}">${esc(refName(s.$ref))}</a>`;
  if (s.const !== undefined) return esc(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return s.enum.map((v) => esc(JSON.stringify(v))).join(" | ");
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) return alts.map(typeOf).join(" | ");
  if (s.type === "array") {
    const item = typeOf(s.items as Schema);
    return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
  }
  if (Array.isArray(s.type)) return s.type.map((t) => esc(t)).join(" | ");
  if (s.type === "object" && !s.properties) return "object";
  return esc(s.type ?? "any");
}

/** Bounds and defaults worth a reader's eye. */
function notes(s: Schema): string {
  const bits: string[] = [];
  for (const k of ["minLength", "maxLength", "minimum", "maximum", "maxItems", "pattern", "format"]) {
    if (s[k] !== undefined) bits.push(`${k}: ${s[k]}`);
  }
  if (s.default !== undefined) bits.push(`default: ${JSON.stringify(s.default)}`);
  return bits.length ? ` <span class="n">${esc(bits.join(", "))}</span>` : "";
}

/** The fields of an object schema as a table (nested objects get their own rows, indented). */
function fields(s: Schema | undefined, t: TFunction, depth = 0): string {
  if (!s) return "";
  if (s.$ref || !s.properties) {
    return depth
      ? ""
      : `<div class="t">${typeOf(s)}${s.type === "array" ? fields(s.items as Schema, t) : ""}</div>`;
  }
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(s.properties).map(([name, f]) => {
    const inner = f.properties ? f : (f.type === "array" && (f.items as Schema)?.properties ? f.items : null);
    return `<tr><td class="d${depth}"><code>${esc(name)}</code>${required.has(name) ? " *" : ""}</td>` +
      `<td>${typeOf(f)}${notes(f)}</td><td>${esc(f.description)}</td></tr>` +
      (inner && depth < 2 ? fields(inner as Schema, t, depth + 1) : "");
  }).join("");
  return depth
    ? rows
    : (`<table><thead><tr><th>${t("name")}</th><th>${t("type")}</th><th>${t("description")}</th></tr>` +
      `</thead><tbody>${rows}</tbody></table>`);
}

function curl(base: string, method: string, path: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  let url = path;
  const query: string[] = [];
  for (const p of params) {
    if (p.example === undefined) continue;
    if (p.in === "path") url = url.replace(`{${p.name}}`, String(p.example));
    else query.push(`${p.name}=${encodeURIComponent(String(p.example))}`);
  }
  const token = op["x-scope"] ? "atk_…" : "<connection token>";
  const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as
    | Json
    | undefined;
  return [
    `curl -X ${method.toUpperCase()} "${base}/api${url}${query.length ? `?${query.join("&")}` : ""}"`,
    `  -H "Authorization: Bearer ${token}"`,
    ...(body?.example !== undefined
      ? [`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(body.example)}'`]
      : []),
  ].join(" \\\n");
}

function operationHtml(base: string, path: string, method: string, op: Json, t: TFunction): string {
  const params = (op.parameters ?? []) as (Json & { schema: Schema })[];
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = op.responses as Record<string, Json>;
  const [okStatus, ...errorStatuses] = Object.keys(responses);
  const ok = responses[okStatus];
  const okSchema = (ok.content as Record<string, Json> | undefined)?.["application/json"]?.schema as Schema;
  const multipart = body?.["multipart/form-data"]?.schema as Schema | undefined;
  const json = body?.["application/json"];
  return `<details class="op" id="${anchor("op", String(op.operationId))}">
<summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code> ` +
    `<span class="s">${esc(op.summary)}</span></summary>
<div class="body">${
      prose(String(op.description ?? "").replace(/\n\nScope: `[^`]+`\.$|^Scope: `[^`]+`\.$/, ""))
    }
<p><strong>${t("scope")}:</strong> ${
      op["x-scope"] ? `<code>${esc(op["x-scope"])}</code>` : esc(t("noScope"))
    }</p>
${
      params.length
        ? `<h4>${t("parameters")}</h4><table><thead><tr><th>${t("name")}</th><th>${t("in")}</th><th>${
          t("type")
        }</th><th>${t("required")}</th><th>${t("description")}</th></tr></thead><tbody>${
          params.map((p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${typeOf(p.schema)}${
              notes(p.schema)
            }</td><td>${p.required ? t("yes") : t("no")}</td><td>${esc(p.description)}</td></tr>`
          ).join("")
        }</tbody></table>`
        : ""
    }
${json ? `<h4>${t("body")}</h4>${fields(json.schema as Schema, t)}` : ""}
${multipart ? `<h4>${t("files")}</h4>${fields(multipart, t)}` : ""}
<h4>${t("answer")} ${esc(okStatus)}</h4><p>${esc(ok.description)}</p>${okSchema ? fields(okSchema, t) : ""}
<h4>${t("errors")}</h4><table><thead><tr><th>${t("status")}</th><th>${t("codes")}</th></tr></thead><tbody>${
      errorStatuses.map((s) =>
        `<tr><td>${esc(s)}</td><td><code>${esc(responses[s].description)}</code></td></tr>`
      )
        .join("")
    }</tbody></table>
<h4>${t("example")}</h4><pre>${esc(curl(base, method, path, op))}</pre>
</div></details>`;
}

/** Stands for the reader's origin in a cached page (replaced, escaped, on each answer). */
const ORIGIN = "@@origin@@";
const cache = new Map<PageLang, string>();

/** The page for one language (rendered once per process) with the curl lines calling `base`. */
export function referencePage(doc: Json, lang: PageLang, base: string): string {
  let html = cache.get(lang);
  if (!html) cache.set(lang, html = renderReference(doc, lang, ORIGIN));
  return html.replaceAll(ORIGIN, esc(base));
}

/** The whole page for one language; `base` is the origin the curl lines call. */
export function renderReference(doc: Json, lang: PageLang, base: string): string {
  const t = i18n.getFixedT(lang, "api_docs");
  const info = doc.info as Json;
  const tags = doc.tags as { name: string; description: string }[];
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const ops = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op }))
  );
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Schema>;
  const nav =
    tags.map((tag) =>
      `<li><a href="#${anchor("tag", tag.name)}">${esc(tag.name)}</a><ul>${
        ops.filter((o) => (o.op.tags as string[])[0] === tag.name).map((o) =>
          `<li><a href="#${
            anchor("op", String(o.op.operationId))
          }"><span class="m ${o.method}">${o.method}</span> ${esc(o.op.summary)}</a></li>`
        ).join("")
      }</ul></li>`
    ).join("") + `<li><a href="#schemas">${t("schemas")}</a></li>`;
  const sections = tags.map((tag) =>
    `<section id="${anchor("tag", tag.name)}"><h2>${esc(tag.name)}</h2><p>${esc(tag.description)}</p>${
      ops.filter((o) => (o.op.tags as string[])[0] === tag.name)
        .map((o) => operationHtml(base, o.path, o.method, o.op, t)).join("")
    }</section>`
  ).join("");
  const schemaHtml = Object.entries(schemas).map(([name, s]) =>
    `<details class="op" id="${anchor("schema", name)}"><summary><code>${esc(name)}</code></summary>` +
    `<div class="body">${fields(s, t)}</div></details>`
  ).join("");
  const langs = PAGE_LANGS.map((l) => l === lang ? `<strong>${l}</strong>` : `<a href="?lang=${l}">${l}</a>`)
    .join(" · ");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg"><title>${esc(t("title"))}</title>
<style>${css}</style></head><body>
<header><h1>${esc(t("title"))}</h1><p>${t("version")} ${
    esc(info.version)
  } · <a href="/api/docs/openapi.json">${t("download")}</a> · <span aria-label="${
    t("language")
  }">${langs}</span></p></header>
<div class="layout"><nav aria-label="${t("contents")}"><ul>${nav}</ul></nav><main>
<section><p>${esc(t("intro"))}</p>${prose(info.description)}<h2>${t("auth.title")}</h2><p>${
    t("auth.text")
  }</p>
<pre>curl "${esc(base)}/api/tickets?status=open" \\\n  -H "Authorization: Bearer atk_…"</pre></section>
${sections}<section id="schemas"><h2>${t("schemas")}</h2>${schemaHtml}</section></main></div></body></html>`;
}
