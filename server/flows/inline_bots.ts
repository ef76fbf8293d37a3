/**
 * Typebot and OpenAI flow nodes with their settings inline, the spec's node shape (spec 3 §4:
 * `data.typebotIntegration` holds a queue integration's Typebot fields, or a prompt's fields). A node
 * may instead name a saved integration / prompt (`integrationId` / `promptId`); both are accepted.
 * Inline secrets (apiKey, voiceKey, jsonContent) are sealed at rest like a prompt's and shown masked;
 * a masked or empty echo on a later save keeps the stored one. At run time the node's settings are
 * read as a queue integration / prompt row (`inlineIntegration` / `inlinePrompt`), fresh from the
 * graph at each bot turn.
 */
import type { Deps } from "../deps.ts";
import type { prompts, queueIntegrations } from "@db/schema.ts";
import { maskSecret, SecretBox } from "../lib/crypto.ts";
import { findFlow } from "./repo.ts";

// deno-lint-ignore no-explicit-any
type NodeData = Record<string, any>;
/** The graph shapes of graph.ts, restated: graph.ts imports this module. */
type FlowNode = { id: string; type: string; data: NodeData };
type Graph = { nodes: FlowNode[]; connections: unknown[] };

const SECRETS = ["apiKey", "voiceKey", "jsonContent"] as const;
const MASK = "••••";

/** The node carries its settings inline (not a saved integration or prompt). */
export const isInline = (n: { type: string; data?: NodeData }) =>
  (n.type === "typebot" || n.type === "openai") && typeof n.data?.typebotIntegration === "object" &&
  n.data.typebotIntegration !== null &&
  !(Number(n.data[n.type === "typebot" ? "integrationId" : "promptId"]) > 0);

const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const num = (v: unknown, min: number, max: number) =>
  v === undefined || v === "" || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max);

/** Why inline settings cannot run, or null (the editor's messages where the spec has them). */
export function inlineProblem(n: FlowNode): string | null {
  const s = n.data.typebotIntegration as NodeData;
  const name = typeof s.name === "string" ? s.name.trim() : "";
  if (!name) return "Required";
  if (name.length < 2) return "Too Short!";
  if (name.length > 50) return "Too Long!";
  if (n.type === "typebot") {
    if (!text(s.typebotSlug)) return "typebotSlug is required";
    if (!num(s.typebotDelayMessage, 0, 60_000) || !num(s.typebotExpires, 0, 100_000)) return "typebot timing";
    if (text(s.urlN8N) && !/^https?:\/\/[^\s]+$/i.test(String(s.urlN8N).trim())) {
      return "urlN8N must be a URL";
    }
    return null;
  }
  if (!text(s.prompt)) return "prompt is required";
  if (!text(s.apiKey)) return "apiKey is required";
  if (!num(s.maxTokens, 1, 16_000) || !num(s.temperature, 0, 2) || !num(s.maxMessages, 1, 100)) {
    return "maxTokens 1-16000, temperature 0-2, maxMessages 1-100";
  }
  return null;
}

/** Defaults of the spec (Typebot: delay 1000, expires 1; OpenAI: 100 tokens, temperature 1, 10 messages). */
function withDefaults(type: string, s: NodeData): NodeData {
  return type === "typebot"
    ? { typebotDelayMessage: 1000, typebotExpires: 1, ...s, type: "typebot" }
    : { voice: "texto", maxTokens: 100, temperature: 1, maxMessages: 10, ...s };
}

/** Seals inline secrets for storage; a masked or empty echo keeps `previous`'s sealed value. */
export async function sealInline(deps: Deps, g: Graph, previous: Graph | null): Promise<Graph> {
  const nodes = await Promise.all(g.nodes.map(async (n) => {
    if (!isInline(n)) return n;
    const old = previous?.nodes.find((p) => p.id === n.id && p.type === n.type)?.data?.typebotIntegration ??
      {};
    const s: NodeData = withDefaults(n.type, { ...n.data.typebotIntegration });
    for (const k of SECRETS) {
      const v = s[k];
      if (v === undefined || v === null || v === "" || (typeof v === "string" && v.startsWith(MASK))) {
        if (old[k]) s[k] = old[k];
        else delete s[k];
      } else if (!SecretBox.isSealed(String(v))) s[k] = await deps.secrets.seal(String(v));
    }
    return { ...n, data: { ...n.data, typebotIntegration: s } };
  }));
  return { ...g, nodes };
}

/** The graph as the API shows it: inline secrets masked. */
export async function maskInline(deps: Deps, g: Graph): Promise<Graph> {
  if (!g?.nodes?.some(isInline)) return g;
  const nodes = await Promise.all(g.nodes.map(async (n) => {
    if (!isInline(n)) return n;
    const s: NodeData = { ...n.data.typebotIntegration };
    for (const k of SECRETS) {
      if (typeof s[k] === "string" && s[k]) {
        s[k] = maskSecret(SecretBox.isSealed(s[k]) ? await deps.secrets.open(s[k]) : s[k]) || MASK;
      }
    }
    return { ...n, data: { ...n.data, typebotIntegration: s } };
  }));
  return { ...g, nodes };
}

type IntegrationRow = typeof queueIntegrations.$inferSelect;
type PromptRow = typeof prompts.$inferSelect;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** An inline Typebot node's settings as the integrations runtime reads a queue integration. */
export function inlineIntegration(companyId: number, n: FlowNode): IntegrationRow {
  const s = n.data.typebotIntegration as NodeData;
  const now = new Date(0).toISOString();
  return {
    id: 0,
    companyId,
    type: "typebot",
    name: String(s.name),
    projectName: str(s.projectName),
    jsonContent: str(s.jsonContent),
    language: str(s.language),
    urlN8N: str(s.urlN8N),
    typebotSlug: str(s.typebotSlug),
    typebotExpires: Number(s.typebotExpires ?? 1),
    typebotDelayMessage: Number(s.typebotDelayMessage ?? 1000),
    typebotKeywordFinish: str(s.typebotKeywordFinish),
    typebotKeywordRestart: str(s.typebotKeywordRestart),
    typebotRestartMessage: str(s.typebotRestartMessage),
    typebotUnknownMessage: str(s.typebotUnknownMessage),
    createdAt: now,
    updatedAt: now,
  } as IntegrationRow;
}

/** An inline OpenAI node's settings as the integrations runtime reads a prompt. */
export function inlinePrompt(companyId: number, n: FlowNode): PromptRow {
  const s = n.data.typebotIntegration as NodeData;
  const now = new Date(0).toISOString();
  return {
    id: 0,
    companyId,
    name: String(s.name),
    prompt: String(s.prompt),
    model: str(s.model) ?? "gpt-4o-mini",
    voice: str(s.voice) ?? "texto",
    voiceKey: str(s.voiceKey),
    voiceRegion: str(s.voiceRegion),
    maxTokens: Number(s.maxTokens ?? 100),
    temperature: Number(s.temperature ?? 1),
    apiKey: str(s.apiKey),
    queueId: Number(s.queueId) > 0 ? Number(s.queueId) : null,
    maxMessages: Number(s.maxMessages ?? 10),
    fileNameIA: null,
    createdAt: now,
    updatedAt: now,
  } as PromptRow;
}

/**
 * The inline bot node holding the ticket (flows/hand_offs.ts `handOffInline`: the bot holds it with no
 * integration or prompt row, the run parked on the node), read fresh from its flow; else null.
 */
export async function inlineBotNode(
  deps: Deps,
  t: {
    companyId: number;
    useIntegration: boolean;
    integrationId: number | null;
    promptId: number | null;
    flowStopped: string | null;
    lastFlowId: string | null;
  },
): Promise<FlowNode | null> {
  if (!t.useIntegration || t.integrationId || t.promptId || !t.flowStopped || !t.lastFlowId) return null;
  const f = await findFlow(deps.db, t.companyId, Number(t.flowStopped));
  if (!f || !f.active) return null;
  const node = (f.flow as unknown as Graph).nodes.find((n) => n.id === t.lastFlowId);
  return node && isInline(node) ? node : null;
}
