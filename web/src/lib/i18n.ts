/**
 * i18next set-up: pt (fallback), es, en, tr; one namespace per feature plus common and errors.
 *
 * Each language is one chunk (`locales/<lang>.ts`), loaded when the app shows it: the first
 * load carries one language's texts, not four (they were half of the app's first JavaScript). The
 * language is chosen before the first render (`i18nReady`, awaited by main.tsx): the one saved in
 * localStorage, else the browser's, else pt. The four hold the same keys (tests/platform/locales_test.ts),
 * so the pt fallback is never needed for a key and is not loaded for the other three.
 */
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage.ts";

export const LANGUAGES = ["pt", "es", "en", "tr"] as const;
export type Language = typeof LANGUAGES[number];
export const NAMESPACES = [
  "common",
  "errors",
  "auth",
  "shell",
  "users",
  "settings",
  "dashboard",
  "billing",
  "pages",
  "tickets",
  "contacts",
  "quickMessages",
  "tags",
  "flows",
  "connections",
  "messagesApi",
  "audit",
  "developers",
  "twoFactor",
  "backoffice",
  "workspace",
  "campaigns",
  "integrations",
  "schedules",
  "queues",
  "attend",
  "webchat",
  "inbox",
  "webhooks",
  "aiAssist",
];

type Texts = Record<string, Record<string, unknown>>;
const CHUNKS: Record<Language, () => Promise<{ default: Texts }>> = {
  pt: () => import("../locales/pt.ts"),
  es: () => import("../locales/es.ts"),
  en: () => import("../locales/en.ts"),
  tr: () => import("../locales/tr.ts"),
};

const asLanguage = (tag: string | null | undefined): Language | null => {
  const lng = (tag ?? "").slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lng) ? lng as Language : null;
};

/** The saved choice, else the first of the browser's languages we have, else pt. */
function detectLanguage(): Language {
  return asLanguage(readStorage(STORAGE_KEYS.language)) ??
    navigator.languages.map(asLanguage).find((l) => l) ?? "pt";
}

async function addLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, "common")) return;
  const { default: texts } = await CHUNKS[lng]();
  for (const [ns, data] of Object.entries(texts)) i18n.addResourceBundle(lng, ns, data, true, true);
}

/** Resolves once the first language's texts are in: the app renders after it. */
export const i18nReady: Promise<unknown> = (async () => {
  const lng = detectLanguage();
  const { default: texts } = await CHUNKS[lng]();
  await i18n.use(initReactI18next).init({
    resources: { [lng]: texts },
    lng,
    fallbackLng: "pt",
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
})();

/** Switches the interface language: its chunk first (once), then every screen, then it is saved. */
export async function setLanguage(lng: Language): Promise<void> {
  await addLanguage(lng);
  await i18n.changeLanguage(lng);
  writeStorage(STORAGE_KEYS.language, lng);
}

/** The active interface language, reduced to one of ours. */
export function currentLanguage(): Language {
  return asLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "pt";
}

function syncDocumentLanguage() {
  document.documentElement.lang = currentLanguage() === "pt" ? "pt-BR" : currentLanguage();
}
i18n.on("languageChanged", syncDocumentLanguage);
i18n.on("initialized", syncDocumentLanguage);

export default i18n;
