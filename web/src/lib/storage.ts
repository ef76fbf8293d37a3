/** Local-storage keys shared by the app; every other module goes through these helpers. */
export const STORAGE_KEYS = {
  token: "token",
  volume: "volume",
  preferredTheme: "preferredTheme",
  primaryColorLight: "primaryColorLight",
  primaryColorDark: "primaryColorDark",
  appName: "appName",
  appLogoLight: "appLogoLight",
  appLogoDark: "appLogoDark",
  appLogoFavicon: "appLogoFavicon",
  language: "i18nextLng",
  frontendVersion: "frontendVersion",
  signMessage: "signOption",
  audioRate: "audioPlaybackRate",
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working in memory.
  }
}

/** Clears everything except the access token (the top bar's refresh button). */
export function clearStorageKeepingToken(): void {
  const token = readStorage(STORAGE_KEYS.token);
  try {
    localStorage.clear();
  } catch {
    return;
  }
  if (token) writeStorage(STORAGE_KEYS.token, token);
}
