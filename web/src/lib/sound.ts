import { readStorage, STORAGE_KEYS } from "./storage.ts";

const SOUND_URL = "/sounds/notification.wav";
let audio: HTMLAudioElement | null = null;
let last = 0;

/** The top bar's volume (0 to 1, stored locally). */
export function notificationVolume(): number {
  const v = Number(readStorage(STORAGE_KEYS.volume) ?? "1");
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** Plays the notification chime at the chosen volume; bursts within a second ring once. */
export function playNotificationSound(): void {
  const volume = notificationVolume();
  if (volume <= 0 || Date.now() - last < 1000) return;
  last = Date.now();
  try {
    audio ??= new Audio(SOUND_URL);
    audio.volume = volume;
    audio.currentTime = 0;
    const root = document.documentElement.dataset;
    root.notificationSounds = String(Number(root.notificationSounds ?? "0") + 1);
    audio.play().catch(() => undefined); // autoplay may be blocked until the user interacts
  } catch {
    // No audio support: the bell count still shows.
  }
}
