import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pause, Play } from "lucide-react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../../../lib/storage.ts";
import { cn } from "../../../../lib/utils.ts";

const SPEEDS = [0.5, 1, 1.5, 2];

function readRate(): number {
  const r = Number(readStorage(STORAGE_KEYS.audioRate) ?? "1");
  return SPEEDS.includes(r) ? r : 1;
}

const mmss = (s: number) =>
  Number.isFinite(s) ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}` : "0:00";

/** A compact voice-note player; the speed cycles 0.5, 1, 1.5, 2 and is remembered. */
export function AudioPlayer({ src, mine }: { src: string; mine: boolean }) {
  const { t } = useTranslation("tickets");
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(readRate);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);

  const toggle = () => {
    const a = ref.current;
    if (!a) return;
    if (a.paused) a.play().catch(() => undefined);
    else a.pause();
  };
  const cycle = () => {
    const next = SPEEDS[(SPEEDS.indexOf(rate) + 1) % SPEEDS.length];
    setRate(next);
    writeStorage(STORAGE_KEYS.audioRate, String(next));
  };
  return (
    <div className="flex w-64 max-w-full items-center gap-2.5 py-1" data-testid="audio-player">
      <audio
        ref={ref}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
          e.currentTarget.playbackRate = rate;
        }}
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? t("media.pause") : t("media.play")}
        className={cn(
          "flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full",
          mine ? "bg-primary text-primary-fg" : "bg-ink/80 text-canvas",
        )}
      >
        {playing ? <Pause className="size-4" /> : <Play className="ml-0.5 size-4" />}
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <input
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 1}
          step={0.1}
          value={time}
          aria-label={t("media.seek")}
          onChange={(e) => {
            if (ref.current) ref.current.currentTime = Number(e.target.value);
          }}
          className="h-1 w-full cursor-pointer accent-[var(--brand)]"
        />
        <span className="text-[11px] text-ink-subtle tabular-nums">
          {mmss(playing || time ? time : duration)}
        </span>
      </div>
      <button
        type="button"
        onClick={cycle}
        data-testid="audio-speed"
        aria-label={t("media.speed")}
        className="shrink-0 cursor-pointer rounded-full bg-ink/10 px-2 py-0.5 text-[11px] font-bold text-ink-muted hover:bg-ink/15"
      >
        {rate}x
      </button>
    </div>
  );
}
