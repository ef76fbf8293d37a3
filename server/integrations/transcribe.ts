/**
 * Speech to text with OpenAI's audio transcriptions (whisper-1): inbound audio before it reaches
 * a bot, and GET /messages/transcribeAudio/{file} for attendants. The key is the ticket's prompt's,
 * else the platform's `openaikeyaudio` setting.
 */
import { and, eq, like, or } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import type { TicketRow } from "../tickets/repo.ts";
import type { MessageRow } from "../messages/dto.ts";
import { getVisibleTicket } from "../tickets/service.ts";
import { readSecret } from "../settings/service.ts";
import { getPrompt, openSecret } from "./service.ts";
import { openaiClient, providerError } from "./openai.ts";
import { ProviderError } from "./provider.ts";

async function keyFor(deps: Deps, t: TicketRow): Promise<string> {
  if (t.promptId) {
    const key = await openSecret(deps, (await getPrompt(deps, t.companyId, t.promptId)).apiKey);
    if (key) return key;
  }
  return await readSecret(deps, "openaikeyaudio");
}

async function transcribe(deps: Deps, apiKey: string, m: MessageRow): Promise<string> {
  const path = deps.media.absolute(m.mediaUrl!);
  const data = await Deno.readFile(path);
  const name = m.mediaName || path.split("/").pop() || "audio.ogg";
  try {
    const r = await openaiClient(deps, apiKey).audio.transcriptions.create({
      file: new File([data], name, { type: "audio/ogg" }),
      model: "whisper-1",
    });
    return (r.text ?? "").trim();
  } catch (err) {
    throw providerError(err);
  }
}

/** The transcription of a stored inbound audio message (for the bot's turn). */
export async function transcribeStored(deps: Deps, t: TicketRow, m: MessageRow): Promise<string> {
  const key = await keyFor(deps, t);
  if (!key) throw new ProviderError("OpenAI", "no API key to transcribe audio (prompt or openaikeyaudio)");
  return await transcribe(deps, key, m);
}

/** GET /messages/transcribeAudio/{file}: the audio message of that file, if the actor sees its ticket. */
export async function transcribeAudioFile(deps: Deps, actor: Actor, file: string) {
  if (!file || file.includes("/") || file.includes("..")) throw notFound("message");
  // LIKE narrows (its wildcards only widen the match); the exact file name is checked here.
  const rows = await deps.db.select().from(messages).where(and(
    eq(messages.companyId, actor.companyId),
    or(eq(messages.mediaUrl, file), like(messages.mediaUrl, `%/${file}`)),
  )).limit(20);
  const m = rows.find((r) => r.mediaUrl === file || r.mediaUrl?.endsWith(`/${file}`));
  if (!m || !m.mediaUrl) throw notFound("message");
  const ticket = await getVisibleTicket(deps, actor, m.ticketId);
  const key = await keyFor(deps, ticket);
  if (!key) {
    throw new AppError("ERR_VALIDATION", { message: "no OpenAI key for transcription (openaikeyaudio)" });
  }
  try {
    return { transcribedText: await transcribe(deps, key, m) };
  } catch (err) {
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { message: (err as Error).message, cause: err });
  }
}
