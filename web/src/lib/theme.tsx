import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { api, publicFileUrl } from "./api.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage.ts";

export type ThemeMode = "light" | "dark";
export const DEFAULT_PRIMARY_LIGHT = "#5AC2D2";
export const DEFAULT_PRIMARY_DARK = "#39ACE7";
export const DEFAULT_APP_NAME = "Atende";

export type Branding = {
  primaryColorLight: string;
  primaryColorDark: string;
  appName: string;
  appLogoLight: string;
  appLogoDark: string;
  appLogoFavicon: string;
};
type BrandingKey = keyof Branding;
const BRANDING_KEYS: BrandingKey[] = [
  "primaryColorLight",
  "primaryColorDark",
  "appName",
  "appLogoLight",
  "appLogoDark",
  "appLogoFavicon",
];

type ThemeContextValue = {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggleMode: () => void;
  branding: Branding;
  /** The app name to display (the default when the setting is empty). */
  appName: string;
  /** Logo URL for the current mode, or null to use the built-in mark. */
  logoUrl: string | null;
  updateBranding: (patch: Partial<Branding>) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function initialMode(): ThemeMode {
  const saved = readStorage(STORAGE_KEYS.preferredTheme);
  if (saved === "light" || saved === "dark") return saved;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function initialBranding(): Branding {
  return {
    primaryColorLight: readStorage(STORAGE_KEYS.primaryColorLight) || DEFAULT_PRIMARY_LIGHT,
    primaryColorDark: readStorage(STORAGE_KEYS.primaryColorDark) || DEFAULT_PRIMARY_DARK,
    appName: readStorage(STORAGE_KEYS.appName) ?? "",
    appLogoLight: readStorage(STORAGE_KEYS.appLogoLight) ?? "",
    appLogoDark: readStorage(STORAGE_KEYS.appLogoDark) ?? "",
    appLogoFavicon: readStorage(STORAGE_KEYS.appLogoFavicon) ?? "",
  };
}

/** Readable text colour (near-black or white) for a hex background, by WCAG contrast. */
export function foregroundFor(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return "#ffffff";
  const n = parseInt(m[1], 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(n >> 16 & 255) + 0.7152 * lin(n >> 8 & 255) + 0.0722 * lin(n & 255);
  const vsWhite = 1.05 / (l + 0.05);
  const vsBlack = (l + 0.05) / 0.05;
  return vsBlack >= vsWhite ? "#0b1a1f" : "#ffffff";
}

const DEFAULTS: Record<BrandingKey, string> = {
  primaryColorLight: DEFAULT_PRIMARY_LIGHT,
  primaryColorDark: DEFAULT_PRIMARY_DARK,
  appName: "",
  appLogoLight: "",
  appLogoDark: "",
  appLogoFavicon: "",
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);
  const [branding, setBranding] = useState<Branding>(initialBranding);

  const setMode = useCallback((next: ThemeMode) => setModeState(next), []);
  const toggleMode = useCallback(() => setModeState((m) => (m === "dark" ? "light" : "dark")), []);

  const updateBranding = useCallback((patch: Partial<Branding>) => {
    setBranding((b) => ({ ...b, ...patch }));
  }, []);

  // Public theming settings: failures are only logged, defaults stay.
  useEffect(() => {
    for (const key of BRANDING_KEYS) {
      api.get<{ key: string; value: string | null }>(`/public-settings/${key}`, undefined, {
        anonymous: true,
      })
        .then((res) => updateBranding({ [key]: res?.value || DEFAULTS[key] }))
        .catch((err) => console.warn(`public setting ${key} unavailable`, err));
    }
  }, [updateBranding]);

  useEffect(() => {
    writeStorage(STORAGE_KEYS.preferredTheme, mode);
    document.documentElement.classList.toggle("dark", mode === "dark");
  }, [mode]);

  useEffect(() => {
    for (const key of BRANDING_KEYS) writeStorage(STORAGE_KEYS[key], branding[key] || null);
  }, [branding]);

  const primary = mode === "dark" ? branding.primaryColorDark : branding.primaryColorLight;
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--brand", primary);
    root.setProperty("--brand-fg", foregroundFor(primary));
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", primary);
  }, [primary]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = publicFileUrl(branding.appLogoFavicon) ?? "/favicon.svg";
  }, [branding.appLogoFavicon]);

  const value = useMemo<ThemeContextValue>(() => ({
    mode,
    setMode,
    toggleMode,
    branding,
    appName: branding.appName.trim() || DEFAULT_APP_NAME,
    logoUrl: publicFileUrl(
      mode === "dark" ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight,
    ),
    updateBranding,
  }), [mode, setMode, toggleMode, branding, updateBranding]);

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error("useTheme outside ThemeProvider");
  return ctx;
}
