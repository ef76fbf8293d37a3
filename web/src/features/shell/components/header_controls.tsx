import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Moon, RefreshCw, Sun, Volume1, Volume2, VolumeX } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { useTheme } from "../../../lib/theme.tsx";
import { clearStorageKeepingToken, readStorage, STORAGE_KEYS, writeStorage } from "../../../lib/storage.ts";
import { queryClient } from "../../../lib/query_client.ts";

export function ThemeToggle() {
  const { t } = useTranslation("shell");
  const { mode, toggleMode } = useTheme();
  const label = mode === "dark" ? t("topbar.lightMode") : t("topbar.darkMode");
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={label} data-testid="theme-toggle" onClick={toggleMode}>
        {mode === "dark" ? <Sun className="size-[18px]" /> : <Moon className="size-[18px]" />}
      </Button>
    </Tooltip>
  );
}

function readVolume(): number {
  const v = Number(readStorage(STORAGE_KEYS.volume) ?? "1");
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** Notification volume, 0 to 1 in steps of 0.1, kept in localStorage 'volume'. */
export function VolumeControl() {
  const { t } = useTranslation("shell");
  const [volume, setVolume] = useState(readVolume);
  const Icon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  const change = ([v]: number[]) => {
    const rounded = Math.round(v * 10) / 10;
    setVolume(rounded);
    writeStorage(STORAGE_KEYS.volume, String(rounded));
  };
  return (
    <Popover>
      <Tooltip content={t("topbar.volume")}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("topbar.volume")} data-testid="volume-button">
            <Icon className="size-[18px]" />
          </Button>
        </PopoverTrigger>
      </Tooltip>
      <PopoverContent className="w-60 p-4">
        <div className="mb-3 flex items-center justify-between text-sm">
          <span className="font-medium text-ink">{t("topbar.volume")}</span>
          <span className="text-ink-muted tabular-nums">{Math.round(volume * 100)}%</span>
        </div>
        <Slider
          min={0}
          max={1}
          step={0.1}
          value={[volume]}
          onValueChange={change}
          aria-label={t("topbar.volume")}
          data-testid="volume-slider"
        />
      </PopoverContent>
    </Popover>
  );
}

/** Clears the query cache and local storage (except the token), then reloads. */
export function RefreshButton() {
  const { t } = useTranslation("shell");
  const refresh = () => {
    queryClient.clear();
    clearStorageKeepingToken();
    location.reload();
  };
  return (
    <Tooltip content={t("topbar.refresh")}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("topbar.refresh")}
        data-testid="refresh-button"
        onClick={refresh}
      >
        <RefreshCw className="size-[18px]" />
      </Button>
    </Tooltip>
  );
}
