/**
 * An audio bubble: the player, and — when the company has a transcription provider — a
 * "Transcribe" action whose text shows under the audio. Failures are toasts (a link we cannot
 * name, an answer without text, or the server's reason through the one error translator).
 */
import { useTranslation } from "react-i18next";
import { Captions, LoaderCircle } from "lucide-react";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { toastError } from "../../../../lib/toast.ts";
import { TranscriptionError, useTranscribe, useTranscriptionAvailable } from "../../api/transcribe.ts";
import { AudioPlayer } from "./audio_player.tsx";

export function AudioMessage({ m, src }: { m: Message; src: string }) {
  const { t } = useTranslation("tickets");
  const available = useTranscriptionAvailable();
  const transcribe = useTranscribe();
  const text = transcribe.data;
  const run = () =>
    transcribe.mutate(src, {
      onError: (err) =>
        toastError(err instanceof TranscriptionError ? t(`transcribe.${err.reason}`) : err, {
          fallbackKey: "tickets:transcribe.failed",
        }),
    });
  return (
    <div className="flex w-64 max-w-full flex-col gap-1.5">
      <AudioPlayer src={src} mine={m.fromMe} />
      {available.data && text === undefined && (
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            run();
          }}
          disabled={transcribe.isPending}
          data-testid={`transcribe-${m.id}`}
          className="inline-flex w-fit cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 text-[12px] font-semibold text-primary-strong hover:bg-primary-soft disabled:cursor-wait disabled:opacity-70"
        >
          {transcribe.isPending
            ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
            : <Captions className="size-3.5" aria-hidden />}
          {transcribe.isPending ? t("transcribe.working") : t("transcribe.action")}
        </button>
      )}
      {text !== undefined && (
        <p
          className="border-l-2 border-primary/40 pl-2 text-[13px] italic leading-snug text-ink-muted break-words"
          data-testid={`transcript-${m.id}`}
        >
          <span className="sr-only">{t("transcribe.label")}:</span>
          {text || t("transcribe.empty")}
        </p>
      )}
    </div>
  );
}
