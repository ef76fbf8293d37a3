/**
 * The installable app's web manifest, built from the operator's white-label settings (name, colour,
 * logo) so every white-labelled deployment installs under its own name and mark. An uploaded PNG or
 * JPEG logo becomes the 192/512 px "any" icons (icons.ts fits it into the square, served at
 * /pwa/icon-<size>.png?v=<file>); an SVG logo joins as a scalable "any" icon; the shipped icons
 * (web/public/icons) stay the maskable one and the fallback.
 */
import type { Deps } from "../deps.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { ICON_SIZES, iconSource } from "./icons.ts";

export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: "standalone";
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; short_name: string; url: string; icons: { src: string; sizes: string }[] }[];
};

const KEYS = ["appName", "primaryColorLight", "appLogoFavicon"];

/** Launcher names are cut around 12 characters: the first word, or the name cut there. */
function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0];
  return first.length <= 12 ? first : name.slice(0, 12);
}

/** The shortcuts' labels in the installing browser's language (Accept-Language), pt by default. */
const SHORTCUTS: Record<string, [string, string]> = {
  pt: ["Atendimentos", "Chat interno"],
  es: ["Tickets", "Chat interno"],
  en: ["Tickets", "Internal chat"],
  tr: ["Talepler", "İç sohbet"],
};

export function manifestLanguage(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const lang = part.trim().slice(0, 2).toLowerCase();
    if (SHORTCUTS[lang]) return lang;
  }
  return "pt";
}

export async function buildManifest(deps: Deps, lang = "pt"): Promise<WebManifest> {
  const [tickets, chat] = SHORTCUTS[lang] ?? SHORTCUTS.pt;
  const s = await deps.caches.settings.getMany(PLATFORM_COMPANY_ID, KEYS);
  const name = s.appName?.trim() || "Atende";
  const source = await iconSource(deps);
  const icons: WebManifest["icons"] = [
    ...ICON_SIZES.map((n) => ({
      src: source ? `/pwa/icon-${n}.png?v=${encodeURIComponent(source)}` : `/icons/icon-${n}.png`,
      sizes: `${n}x${n}`,
      type: "image/png",
      purpose: "any",
    })),
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ];
  const logo = s.appLogoFavicon?.trim();
  if (logo && /\.svg$/i.test(logo) && !logo.includes("/")) {
    icons.push({ src: `/public/${encodeURIComponent(logo)}`, sizes: "any", type: "image/svg+xml" });
  }
  const small = [{ src: icons[0].src, sizes: "192x192" }];
  return {
    id: "/",
    name,
    short_name: shortName(name),
    description: name,
    start_url: "/tickets",
    scope: "/",
    display: "standalone",
    theme_color: s.primaryColorLight || "#5AC2D2",
    background_color: "#ffffff",
    icons,
    shortcuts: [
      { name: tickets, short_name: tickets, url: "/tickets", icons: small },
      { name: chat, short_name: chat, url: "/chats", icons: small },
    ],
  };
}
