/**
 * One language per screen: an admin walks every route of the app's route table (read from
 * web/src/app/router.tsx, so a new route is walked without touching this file) in English and
 * then in Portuguese, with a failed and a successful save on a few cheap forms, and the visible
 * text (page and toasts) must hold no literal of another language. The forbidden lists are built
 * from the spec's quoted messages and from the es/pt locale files' values that differ from en.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { browserTest, screenshot, settled, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";
import { createUser } from "../_helpers/factories.ts";
import { seedList } from "../campaigns/_support.ts";

const root = new URL("../../", import.meta.url).pathname;
const LANGS = ["en", "es", "pt", "tr"] as const;
type Lang = typeof LANGS[number];

/** Every string value of a locale (all namespaces). */
function localeValues(lang: Lang): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const f of Deno.readDirSync(`${root}web/src/locales/${lang}`)) {
    walk(JSON.parse(Deno.readTextFileSync(`${root}web/src/locales/${lang}/${f.name}`)));
  }
  return out;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}]+/gu) ?? [];
/** The fixed parts of a value ({{x}} and {x} placeholders cut out), long enough to mean something. */
const fragments = (s: string) =>
  s.split(/\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>/).map((x) => x.trim().replace(/^[\s:,.–—-]+|[\s:,.–—-]+$/g, ""))
    .filter((x) => x.length >= 4 && /\p{L}/u.test(x));

const ES_MARKS =
  /[ñ¿¡]|(?<!\p{L})(muy|el|los|las|usted|Requerido|Requirido|corto|largo|Demasiado|nombre|Mensaje|archivo|Correo|Introduzca|Añadir|Seleccionar|Compruebe|éxito|billete|contraseñas?|subir|guardados)(?!\p{L})/iu;
const PT_MARKS =
  /[ãõ]|(?<!\p{L})(não|você|Deseja|Mensagens|muito|muita|Contato|excluir|esse|bloqueado|desbloqueado)(?!\p{L})/iu;

/** The literals the issue saw on English screens (some, like "Mensagens", the spec does not quote). */
const SEEN = {
  es: [
    "Requerido",
    "Muy Largo!",
    "Mensaje muy corto",
    "nombre muy corto",
    "Ajustes guardados",
    "Añadir columnas",
  ],
  pt: ["Mensagens", "Deseja realmente excluir esse registro?"],
};

/** The spec's quoted messages ('…'), by unmistakable marks or by the locale that alone holds them. */
function specLiterals(): { es: string[]; pt: string[] } {
  const es = new Set(localeValues("es")), pt = new Set(localeValues("pt"));
  const out = { es: [...SEEN.es], pt: [...SEEN.pt] };
  for (const f of Deno.readDirSync("/work/shared/spec")) {
    const text = Deno.readTextFileSync(`/work/shared/spec/${f.name}`);
    for (const m of text.matchAll(/(?<![\p{L}])'([^'\n]{4,140})'(?![\p{L}])/gu)) {
      const s = m[1].trim();
      // Unmistakable marks first (a locale may wrongly hold another language's literal), then the
      // locale that alone holds it.
      if (ES_MARKS.test(s)) out.es.push(s);
      else if (PT_MARKS.test(s)) out.pt.push(s);
      else if (pt.has(s) && !es.has(s)) out.pt.push(s);
      else if (es.has(s) && !pt.has(s)) out.es.push(s);
    }
  }
  return { es: [...new Set(out.es)], pt: [...new Set(out.pt)] };
}

/**
 * Phrases that must not show on a screen in `lang`: the spec literals of the other languages (always:
 * a locale may wrongly hold one) and the values of the `foreign` locales, minus anything the screen's
 * own language (or English, the language of brand and technical words) also says, so that a shared
 * word never fails the walk.
 */
function forbiddenFor(lang: "en" | "pt", foreign: Lang[], spec: string[]): string[] {
  const own = [...localeValues(lang), ...localeValues("en"), ...localeValues("tr")];
  const ownText = own.map((v) => v.toLowerCase());
  const ownWords = new Set(own.flatMap(words));
  const candidates = new Set<string>();
  for (const l of foreign) for (const v of localeValues(l)) fragments(v).forEach((x) => candidates.add(x));
  const fromLocales = [...candidates].filter((c) => {
    const low = c.toLowerCase();
    if (ownText.some((v) => v.includes(low))) return false;
    const w = words(c);
    // A single word: only when no value of the screen's language uses it and it is not short.
    if (w.length === 1) return w[0].length >= 5 && !ownWords.has(w[0]);
    return w.some((x) => !ownWords.has(x));
  });
  return [...new Set([...spec, ...fromLocales])];
}

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const phraseRes = new Map<string, RegExp>();
/** The phrases of `forbidden` found in `text` (whole words, case-insensitive). */
function offending(text: string, forbidden: string[]): string[] {
  return forbidden.filter((f) => {
    let re = phraseRes.get(f);
    if (!re) phraseRes.set(f, re = new RegExp(`(?<![\\p{L}])${escapeRe(f)}(?![\\p{L}])`, "iu"));
    return re.test(text);
  });
}

/** The route table's paths, with an id of our data for each parameter. */
function routes(ids: Record<string, number | string>): string[] {
  const src = Deno.readTextFileSync(`${root}web/src/app/router.tsx`);
  const paths = [...src.matchAll(/path:\s*"([^"]+)"/g)].map((m) => m[1]);
  return paths.filter((p) => !["/login", "/signup", "/forgetpsw"].includes(p)).map((p) =>
    p === "*"
      ? "/no-such-page"
      : p.replace(/\/:(\w+)(\?)?/g, (_, k: string, opt?: string) =>
        ids[k] !== undefined ? `/${ids[k]}` : opt ? "" : `/${k}`)
  );
}

/** The page's main testid by path (a guard's view or the not-found page also count as arrived). */
const MAIN: Record<string, string> = {
  "/": "dashboard",
  "/reports": "reports",
  "/moments": "moments",
  "/users": "users-page",
  "/settings": "settings-page",
  "/financeiro": "finance-page",
  "/tickets": "page-tickets",
  "/contacts": "contacts-page",
  "/contacts/import": "contacts-import-page",
  "/flowbuilders": "flows-page",
  "/flowbuilder": "flow-editor",
  "/phrase-lists": "phrase-lists-page",
  "/contacts/:id": "contact-page",
  "/quick-messages": "quick-messages-page",
  "/tags": "tags-page",
  "/connections": "connections-page",
  "/allConnections": "all-connections-page",
  "/messages-api": "messages-api-page",
  "/audit-log": "audit-page",
  "/webhooks": "webhooks-tab",
  "/companies": "companies-page",
  "/recipts": "receipts-page",
  "/subscription": "subscription-page",
  "/kanban": "page-kanban",
  "/TagsKanban": "page-tagsKanban",
  "/chats": "page-chats",
  "/announcements": "page-announcements",
  "/helps": "page-helps",
  "/files": "page-files",
  "/prompts": "page-prompts",
  "/queue-integration": "page-queueIntegration",
  "/todolist": "page-todolist",
  "/campaigns": "campaigns-page",
  "/campaigns-config": "campaign-settings-page",
  "/campaign/:id/report": "campaign-report-page",
  "/contact-lists": "contact-lists-page",
  "/contact-lists/:id/contacts": "contact-list-items-page",
  "/schedules": "schedules-page",
  "/queues": "queues-page",
  "/no-such-page": "not-found",
};
const GUARDS = ["forbidden", "plan-forbidden", "access-denied", "not-found"];

function mainOf(path: string): string {
  const generic = path.replace(/\/\d+/g, "/:id");
  const id = MAIN[path] ?? MAIN[generic] ?? MAIN[path.replace(/\/[^/]+$/, "")];
  if (!id) throw new Error(`no main testid known for ${path}: add it to MAIN`);
  return id;
}

const ARRIVED = [...new Set([...Object.values(MAIN), ...GUARDS])].map((id) => `[data-testid="${id}"]`)
  .join(", ");

/**
 * Opens `path` and waits for a page's main testid (its own, or that of the page a guard redirects
 * to, or a guard's view), then for loading spinners to give way to rows or empty states. Once the
 * app is loaded it moves as a click on a link does (history + popstate, which the router follows)
 * instead of reloading the whole app for each of ~80 screens: the walk is about each screen's
 * words, and a reload per screen was half of this file's time.
 */
async function visit(page: Page, path: string) {
  mainOf(path);
  const loaded = await page.evaluate(() => document.querySelector("#root > *") !== null);
  if (!loaded) await page.goto(path);
  else {
    await page.evaluate((path) => {
      // The page left behind is marked, so the wait below cannot match it.
      document.querySelectorAll("[data-testid]").forEach((el) => el.setAttribute("data-left", ""));
      history.pushState({}, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  }
  await page.locator(ARRIVED.split(", ").map((s) => `${s}:not([data-left])`).join(", ")).first().waitFor();
  await page.waitForFunction(() => !document.querySelector("svg.animate-spin"));
}

const visibleText = (page: Page) =>
  page.evaluate(() => {
    const toasts = [...document.querySelectorAll("[data-sonner-toast]")].map((t) => t.textContent ?? "");
    return `${document.body.innerText}\n${toasts.join("\n")}`;
  });

/**
 * A failed and a successful save on a few cheap forms, a delete confirmation and the phone layout
 * of two screens: their messages are screen text too.
 */
async function forms(
  page: Page,
  seen: (where: string) => Promise<void>,
  campaignId: number,
  lang: string,
) {
  await visit(page, "/campaigns");
  await page.getByTestId(`campaign-delete-${campaignId}`).click();
  await page.getByTestId("confirm-dialog-confirm").waitFor();
  await seen("delete confirmation");
  await page.keyboard.press("Escape");
  await page.getByTestId("confirm-dialog-confirm").waitFor({ state: "detached" });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/chats", "/kanban", "/tickets"]) {
    await visit(page, path);
    await seen(`${path} at 390`);
    await screenshot(page, `language_${lang}_${path.slice(1)}_390`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, "/campaigns-config");
  await page.getByTestId("settings-save").click();
  await page.locator("[data-sonner-toast]").first().waitFor();
  await seen("campaign settings saved");
  for (
    const [path, add, save] of [
      ["/tags", "tag-add", "tag-save"],
      ["/files", "file-list-add", "file-list-save"],
      ["/queue-integration", "integration-add", "integration-save"],
      ["/schedules", "schedule-add", "schedule-save"],
    ] as const
  ) {
    await visit(page, path);
    await page.getByTestId(add).click();
    await page.getByTestId(save).click();
    // The dialog stays open with its field messages.
    await page.locator('[role="dialog"] [role="alert"]').first().waitFor();
    await seen(`${path}: empty form`);
    await settled(page);
    await screenshot(page, `language_${lang}_${path.slice(1)}_dialog_1440`);
    await page.keyboard.press("Escape");
    await page.locator('[role="dialog"]').waitFor({ state: "detached" });
  }
}

async function walk(page: Page, paths: string[], forbidden: string[], lang: string, campaignId: number) {
  const found: string[] = [];
  const seen = async (where: string) => {
    const bad = offending(await visibleText(page), forbidden);
    if (bad.length) found.push(`${where}: ${bad.map((b) => JSON.stringify(b)).join(", ")}`);
  };
  for (const path of paths) {
    await visit(page, path);
    await seen(path);
  }
  await forms(page, seen, campaignId, lang);
  if (found.length) {
    await screenshot(page, `language_${lang}_last`);
    throw new Error(`another language on ${lang} screens:\n${found.join("\n")}`);
  }
}

browserTest(
  "[e2e] language: every route in en holds no es/pt literal, and in pt no Spanish one",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Suporte", color: "#2563eb" }] });
    const { ticketId } = await customerWrites(server, inbox, { number: "5511955550001", name: "Ana" }, "oi");
    const api = async (path: string, json: unknown) => {
      const res = await server.request(path, { method: "POST", token: inbox.adminToken, json });
      expect(res.status).toBeLessThan(300);
      return await res.json();
    };
    const list = await seedList(server, inbox.companyId, 2, "Clientes");
    const campaign = await api("/api/campaigns", {
      name: "Promo",
      message1: "Oi {nome}",
      contactListId: list.id,
      whatsappId: inbox.connId,
    });
    const flow = await api("/api/flowbuilder", { name: "Boas-vindas" });
    const ticket = await (await server.request(`/api/tickets/${ticketId}`, { token: inbox.adminToken }))
      .json() as { uuid: string; contactId: number };
    const ids = {
      ticketId: ticket.uuid,
      contactId: ticket.contactId,
      flowId: flow.id ?? flow.flow?.id,
      campaignId: campaign.id,
      contactListId: list.id,
    };
    const paths = routes(ids);
    expect(paths.length).toBeGreaterThan(35);
    const spec = specLiterals();
    expect(spec.es).toContain("Requerido");
    expect(spec.pt).toContain("Deseja realmente excluir esse registro?");

    const en = await newPage({ locale: "en-US" });
    await signIn(en.page, inbox.admin);
    const enForbidden = forbiddenFor("en", ["es", "pt"], [...spec.es, ...spec.pt]);
    // The examples are on the list (the list is not filtered down to nothing).
    expect(enForbidden).toEqual(expect.arrayContaining([
      "Requerido",
      "Muy Largo!",
      "Mensaje muy corto",
      "nombre muy corto",
      "Ajustes guardados",
      "Añadir columnas",
      "Mensagens",
      "Deseja realmente excluir esse registro?",
      "Formato de archivo no válido. Use: JPG, PNG, PDF, Excel o TXT",
    ]));
    await walk(en.page, paths, enForbidden, "en", campaign.id);

    // Portuguese screens: Portuguese literals belong, Spanish ones do not.
    const ptUser = await createUser(server, inbox.companyId, { profile: "admin", name: "Paula" });
    const pt = await newPage({ locale: "pt-BR" });
    await signIn(pt.page, ptUser);
    const ptForbidden = forbiddenFor("pt", ["es"], spec.es);
    expect(ptForbidden).toEqual(
      expect.arrayContaining(["Requerido", "Añadir columnas", "Mensaje muy corto"]),
    );
    await walk(pt.page, paths, ptForbidden, "pt", campaign.id);
    console.log(
      `[language] ${paths.length} routes walked in en and pt; ${enForbidden.length} phrases forbidden in en, ${ptForbidden.length} in pt`,
    );
  },
  {},
  { budgetMs: 600_000 },
);
