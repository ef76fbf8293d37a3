/**
 * "Transcribe" on audio messages: whether the company has a transcription provider (GET
 * /messages/transcribeAudio, asked once per session and kept) and the transcription of one audio
 * file (GET /messages/transcribeAudio/{file}), named by the last segment of its media link.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./keys.ts";

export const useTranscriptionAvailable = () =>
  useQuery({
    queryKey: [...ticketKeys.all, "transcription"] as const,
    queryFn: () => api.get<{ available: boolean }>("/messages/transcribeAudio"),
    staleTime: 10 * 60_000,
    select: (r) => r.available === true,
  });

/** The stored file's name in a media link (`/api/media/company1/messages/x.ogg?exp=…`); null if none. */
export function audioFileOf(mediaUrl: string): string | null {
  const path = mediaUrl.split(/[?#]/)[0];
  const last = path.split("/").pop() ?? "";
  let file: string;
  try {
    file = decodeURIComponent(last);
  } catch {
    return null;
  }
  return /^[\w.-]+\.[A-Za-z0-9]{2,5}$/.test(file) ? file : null;
}

/** The spec's three failures: the link is not a file we know, the answer has no text, or the server's error. */
export class TranscriptionError extends Error {
  constructor(readonly reason: "badUrl" | "badData") {
    super(reason);
  }
}

export function useTranscribe() {
  return useMutation({
    mutationFn: async (mediaUrl: string): Promise<string> => {
      const file = audioFileOf(mediaUrl);
      if (!file) throw new TranscriptionError("badUrl");
      const r = await api.get<{ transcribedText?: unknown }>(
        `/messages/transcribeAudio/${encodeURIComponent(file)}`,
      );
      if (typeof r?.transcribedText !== "string") throw new TranscriptionError("badData");
      return r.transcribedText;
    },
  });
}
