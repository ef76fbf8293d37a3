/**
 * The AI assistant's calls (/api/ai-assist): whether the composer shows AI, the admin's provider
 * settings and usage, and the streamed features read as server-sent events piece by piece.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AiClassifyDTO,
  AiLang,
  AiSettingsDTO,
  AiSettingsInput,
  AiStatusDTO,
  AiUsageDTO,
  RewriteStyle,
} from "@contract/ai_assist.ts";
import { api, ApiError, requestStream } from "../../../lib/api.ts";

export const aiKeys = {
  status: ["ai-assist", "status"] as const,
  settings: ["ai-assist", "settings"] as const,
  usage: (page: number) => ["ai-assist", "usage", page] as const,
};

export const useAiStatus = () =>
  useQuery({
    queryKey: aiKeys.status,
    queryFn: () => api.get<AiStatusDTO>("/ai-assist/status"),
    staleTime: 60_000,
  });

export const useAiSettings = () =>
  useQuery({ queryKey: aiKeys.settings, queryFn: () => api.get<AiSettingsDTO>("/ai-assist/settings") });

export const useAiUsage = (page: number) =>
  useQuery({
    queryKey: aiKeys.usage(page),
    queryFn: () => api.get<AiUsageDTO>("/ai-assist/usage", { pageNumber: page }),
  });

export function useSaveAiSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AiSettingsInput) => api.put<AiSettingsDTO>("/ai-assist/settings", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["ai-assist"] }),
  });
}

export function useDeleteAiSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>("/ai-assist/settings"),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["ai-assist"] }),
  });
}

export type AiRequest =
  | { kind: "suggest" }
  | { kind: "summary"; lang: AiLang }
  | { kind: "rewrite"; text: string; style: RewriteStyle }
  | { kind: "translateMessage"; messageId?: number; to: AiLang }
  | { kind: "translateReply"; text: string };

function pathAndBody(ticketId: number, r: AiRequest): [string, unknown] {
  const base = `/ai-assist/tickets/${ticketId}`;
  switch (r.kind) {
    case "suggest":
      return [`${base}/suggest`, {}];
    case "summary":
      return [`${base}/summary`, { lang: r.lang }];
    case "rewrite":
      return [`${base}/rewrite`, { text: r.text, style: r.style }];
    case "translateMessage":
      return [`${base}/translate`, { messageId: r.messageId, to: r.to }];
    case "translateReply":
      return [`${base}/translate`, { text: r.text }];
  }
}

/**
 * Runs a streamed feature: `onPiece(draft, text)` for every piece as it arrives. Resolves when the
 * stream is done; an `error` event or a refusal rejects with an ApiError.
 */
export async function streamAi(
  ticketId: number,
  r: AiRequest,
  onPiece: (draft: number, text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const [path, body] = pathAndBody(ticketId, r);
  const res = await requestStream(path, body, signal);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      const json = data ? JSON.parse(data) : {};
      if (event === "delta") onPiece(json.draft ?? 0, json.text ?? "");
      else if (event === "error") {
        throw new ApiError(json.error ?? "ERR_AI_PROVIDER", 502, json.details, json.message);
      } else if (event === "done") return;
    }
  }
}

export const classifyTicket = (ticketId: number) =>
  api.post<AiClassifyDTO>(`/ai-assist/tickets/${ticketId}/classify`, {});

export const summaryNote = (ticketId: number, lang: AiLang) =>
  api.post<{ id: number; note: string }>(`/ai-assist/tickets/${ticketId}/summary-note`, { lang });

/** The translated reply is sent; the attendant's own words stay beside it as a ticket note. */
export const keepOriginal = (ticketId: number, note: string) =>
  api.post<unknown>("/ticket-notes", { ticketId, note });
