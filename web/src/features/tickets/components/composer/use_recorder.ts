import { useEffect, useRef, useState } from "react";

/** A recording under this size is an accidental tap and is discarded (spec 1 §5). */
export const MIN_AUDIO_BYTES = 10_000;

type State = { recording: boolean; seconds: number };

/** MediaRecorder around the microphone, with a running timer. */
export function useRecorder() {
  const [state, setState] = useState<State>({ recording: false, seconds: 0 });
  const rec = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);

  const cleanup = () => {
    clearInterval(timer.current);
    rec.current?.stream.getTracks().forEach((t) => t.stop());
    rec.current = null;
    setState({ recording: false, seconds: 0 });
  };
  useEffect(() => cleanup, []);

  const start = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mime = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"].find((m) =>
      MediaRecorder.isTypeSupported(m)
    );
    const r = new MediaRecorder(stream, mime ? { mimeType: mime, audioBitsPerSecond: 128_000 } : undefined);
    chunks.current = [];
    r.ondataavailable = (e) => e.data.size && chunks.current.push(e.data);
    r.start(250);
    rec.current = r;
    const started = Date.now();
    setState({ recording: true, seconds: 0 });
    timer.current = setInterval(
      () => setState({ recording: true, seconds: Math.floor((Date.now() - started) / 1000) }),
      250,
    );
  };

  const cancel = () => {
    if (rec.current?.state === "recording") rec.current.stop();
    cleanup();
  };

  /** Stops and returns the file, or null when it is too short to keep. */
  const finish = (): Promise<File | null> =>
    new Promise((resolve) => {
      const r = rec.current;
      if (!r) return resolve(null);
      r.onstop = () => {
        const type = (r.mimeType || "audio/webm").split(";")[0];
        const blob = new Blob(chunks.current, { type });
        cleanup();
        if (blob.size < MIN_AUDIO_BYTES) return resolve(null);
        const ext = type.includes("ogg") ? "ogg" : type.includes("mp4") ? "m4a" : "webm";
        resolve(new File([blob], `audio-${Date.now()}.${ext}`, { type }));
      };
      r.stop();
    });

  return { ...state, start, cancel, finish };
}
