/**
 * A prompt's voice replies (spec 2 §3: "texto" or an Azure neural voice): the answer is spoken by
 * Azure's text-to-speech REST API (`POST {AZURE_TTS_URL}/cognitiveservices/v1`, SSML in, MP3 out)
 * with the prompt's voiceKey (sealed at rest) and voiceRegion.
 */
import type { Deps } from "../deps.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import { openSecret, type PromptRow } from "./service.ts";
import { ProviderError } from "./provider.ts";

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export const speaks = (p: PromptRow) => p.voice !== "texto" && !!p.voiceKey && !!p.voiceRegion?.trim();

export async function speak(deps: Deps, p: PromptRow, text: string): Promise<File> {
  const base = deps.config.providers.azureTts.replace("{region}", encodeURIComponent(p.voiceRegion!.trim()))
    .replace(/\/+$/, "");
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${xml(p.voice)}'>${
    xml(text)
  }</voice></speak>`;
  let res: Response;
  try {
    res = await safeFetch(deps.fetchGuard, `${base}/cognitiveservices/v1`, {
      method: "POST",
      headers: {
        "ocp-apim-subscription-key": await openSecret(deps, p.voiceKey),
        "content-type": "application/ssml+xml",
        "x-microsoft-outputformat": "audio-16khz-128kbitrate-mono-mp3",
        "user-agent": "atende",
      },
      body: ssml,
      timeoutMs: deps.config.integrationTimeoutMs,
    });
  } catch (err) {
    throw new ProviderError("Azure TTS", `network error (${(err as Error).message})`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ProviderError("Azure TTS", `HTTP ${res.status}`);
  }
  return new File([await res.arrayBuffer()], `resposta_${Date.now()}.mp3`, { type: "audio/mpeg" });
}
