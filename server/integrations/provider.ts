/**
 * What every bot provider speaks (a customer's turn in, an outcome out: runtime.ts drives them),
 * and one provider call through the SSRF guard with the integrations' timeout; failures as
 * ProviderError.
 */
import type { Deps } from "../deps.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import type { TicketRow } from "../tickets/repo.ts";
import type { MessageRow } from "../messages/dto.ts";

/** What a bot answered: messages for the customer, then optionally where the ticket goes. */
export type Reply = { text: string } | { mediaUrl: string; caption?: string } | { file: File };
export type Outcome = {
  replies: Reply[];
  /** Pause between replies (Typebot's typebotDelayMessage). */
  delayMs?: number;
  /** Back to people: into `queueId` (or the ticket's queue), pending. */
  handover?: { queueId?: number | null; reason: string };
  /** The bot ended the conversation (Typebot's finish keyword). */
  close?: boolean;
};

/** The customer's turn as a bot sees it. */
export type Turn = {
  deps: Deps;
  ticket: TicketRow;
  /** The stored customer message, when the turn has one. */
  message: MessageRow | null;
  /** Its text (an audio message: its transcription); "" when the bot starts unprompted. */
  text: string;
  /** True when the session starts with this turn (startIntegration). */
  start: boolean;
};

export class ProviderError extends Error {
  constructor(readonly provider: string, message: string) {
    super(`${provider}: ${message}`);
  }
}

/** POSTs JSON and reads a JSON answer; a timeout, network error or non-2xx throws ProviderError. */
export async function postJson(
  deps: Deps,
  provider: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await safeFetch(deps.fetchGuard, url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      timeoutMs: deps.config.integrationTimeoutMs,
    });
  } catch (err) {
    const e = err as Error;
    const what = e.name === "TimeoutError" || e.name === "AbortError"
      ? `timed out after ${deps.config.integrationTimeoutMs} ms`
      : `network error (${e.message})`;
    throw new ProviderError(provider, `${what} at ${new URL(url).origin}`);
  }
  const text = await res.text();
  if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status} ${text.slice(0, 200)}`);
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
