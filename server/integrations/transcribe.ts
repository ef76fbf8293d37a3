/**
 * Speech to text with OpenAI's audio transcriptions (whisper-1): inbound audio before it reaches
 * a bot, and GET /messages/transcribeAudio/{file} for attendants. The key is the ticket's prompt's,
 * else the platform's `openaikeyaudio` setting, else the key of one of the company's own prompts
 * (the company's OpenAI account is its transcription provider). GET /messages/transcribeAudio
 * tells the conversation screen whether there is any, so it offers "Transcribe" only then.
 */
import { and, asc, eq, isNotNull, like, ne, or } from "drizzle-orm";
import { messages, prompts } from "@db/schema.ts";
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

/** The company's prompts that hold an OpenAI key, oldest first. */
function promptsWithKey(deps: Deps, companyId: number) {
  return deps.db.select({ apiKey: prompts.apiKey }).from(prompts)
    .where(and(eq(prompts.companyId, companyId), isNotNull(prompts.apiKey), ne(prompts.apiKey, "")))
    .orderBy(asc(prompts.id));
}

async function keyFor(deps: Deps, t: TicketRow): Promise<string> {
  if (t.promptId) {
    const key = await openSecret(deps, (await getPrompt(deps, t.companyId, t.promptId)).apiKey);
    if (key) return key;
  }
  const platform = await readSecret(deps, "openaikeyaudio");
  if (platform) return platform;
  for (const p of await promptsWithKey(deps, t.companyId)) {
    const key = await openSecret(deps, p.apiKey);
    if (key) return key;
  }
  return "";
}

/** Whether audio of this company can be transcribed: the platform's key or one of its prompts'. */
export async function transcriptionAvailable(deps: Deps, companyId: number): Promise<boolean> {
  if (await readSecret(deps, "openaikeyaudio")) return true;
  return (await promptsWithKey(deps, companyId).limit(1)).length > 0;
}

async function transcribe(deps: Deps, apiKey: string, m: MessageRow): Promise<string> {
  const data = await deps.media.read(m.mediaUrl!);
  const name = m.mediaName || m.mediaUrl!.split("/").pop() || "audio.ogg";
  try {
    const r = await (await openaiClient(deps, apiKey)).audio.transcriptions.create({
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
    throw new AppError("ERR_NO_TRANSCRIPTION_PROVIDER", {
      message: "no OpenAI key for transcription (a prompt's, or the platform's openaikeyaudio)",
    });
  }
  try {
    return { transcribedText: await transcribe(deps, key, m) };
  } catch (err) {
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { message: (err as Error).message, cause: err });
  }
}
