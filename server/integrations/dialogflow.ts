/**
 * Dialogflow ES over its documented REST API: a service account (the integration's jsonContent,
 * sealed at rest) signs a JWT exchanged at Google's token endpoint (GOOGLE_TOKEN_URL) for an
 * access token, then `POST {DIALOGFLOW_API_URL}/v2/projects/{projectName}/agent/sessions/{session}:detectIntent`
 * per customer message, one session per ticket. Fulfilment messages are the replies; an intent
 * that ends the interaction hands the ticket to people.
 */
import { importPKCS8, SignJWT } from "jose";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import { type IntegrationRow, openSecret } from "./service.ts";
import { type Outcome, postJson, ProviderError, type Reply, type Turn } from "./provider.ts";
import type { TestSessionInput } from "./schemas.ts";

type ServiceAccount = { client_email: string; private_key: string; project_id?: string };
type DetectAnswer = {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: { text?: { text?: string[] } }[];
    intent?: { displayName?: string; endInteraction?: boolean };
    diagnosticInfo?: { end_conversation?: boolean };
  };
};

const tokens = new Map<string, { token: string; until: number }>();

function parseAccount(json: string): ServiceAccount {
  try {
    const a = JSON.parse(json) as ServiceAccount;
    if (a.client_email && a.private_key) return a;
  } catch { /* answered below */ }
  throw new ProviderError(
    "Dialogflow",
    "jsonContent is not a service-account key (client_email, private_key)",
  );
}

async function accessToken(deps: Deps, a: ServiceAccount): Promise<string> {
  const hit = tokens.get(a.client_email);
  if (hit && hit.until > Date.now() + 60_000) return hit.token;
  const url = deps.config.providers.googleToken;
  let key;
  try {
    key = await importPKCS8(a.private_key, "RS256");
  } catch {
    throw new ProviderError("Dialogflow", "the service account's private_key is not a PKCS#8 RSA key");
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: "https://www.googleapis.com/auth/cloud-platform" })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(a.client_email).setAudience(url).setIssuedAt(now).setExpirationTime(now + 3600).sign(key);
  let res: Response;
  try {
    res = await safeFetch(deps.fetchGuard, url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion })
        .toString(),
      timeoutMs: deps.config.integrationTimeoutMs,
    });
  } catch (err) {
    throw new ProviderError("Dialogflow", `token endpoint unreachable (${(err as Error).message})`);
  }
  const body = await res.json().catch(() => ({})) as { access_token?: string; expires_in?: number };
  if (!res.ok || !body.access_token) {
    throw new ProviderError("Dialogflow", `token refused (HTTP ${res.status})`);
  }
  tokens.set(a.client_email, {
    token: body.access_token,
    until: Date.now() + (body.expires_in ?? 3600) * 1000,
  });
  return body.access_token;
}

async function detectIntent(
  deps: Deps,
  o: { projectName: string; jsonContent: string; language: string; session: string; text: string },
): Promise<DetectAnswer> {
  const account = parseAccount(o.jsonContent);
  const token = await accessToken(deps, account);
  const base = deps.config.providers.dialogflow.replace(/\/+$/, "");
  const url = `${base}/v2/projects/${encodeURIComponent(o.projectName)}/agent/sessions/${
    encodeURIComponent(o.session)
  }:detectIntent`;
  return await postJson(deps, "Dialogflow", url, {
    queryInput: { text: { text: o.text.slice(0, 256), languageCode: o.language } },
  }, { authorization: `Bearer ${token}` }) as DetectAnswer;
}

export function repliesOf(a: DetectAnswer): { replies: Reply[]; end: boolean } {
  const q = a.queryResult ?? {};
  const texts = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  if (!texts.length && q.fulfillmentText?.trim()) texts.push(q.fulfillmentText);
  return {
    replies: texts.map((text) => ({ text })),
    end: q.intent?.endInteraction === true || q.diagnosticInfo?.end_conversation === true,
  };
}

export async function dialogflowTurn(turn: Turn, i: IntegrationRow): Promise<Outcome> {
  const { deps, ticket, text } = turn;
  if (!i.projectName || !i.jsonContent) {
    throw new ProviderError("Dialogflow", "projectName and jsonContent are required");
  }
  if (!text) return { replies: [] };
  const answer = await detectIntent(deps, {
    projectName: i.projectName,
    jsonContent: await openSecret(deps, i.jsonContent),
    language: i.language ?? "pt-BR",
    session: `atende-${ticket.uuid}`,
    text,
  });
  const { replies, end } = repliesOf(answer);
  return end
    ? { replies, handover: { reason: `Dialogflow «${i.name}»: end of the conversation` } }
    : { replies };
}

/** POST /queueIntegration/testSession: one detectIntent with the given credentials. */
export async function testDialogflowSession(deps: Deps, actor: Actor, input: TestSessionInput) {
  requireAdmin(actor);
  requirePlan(actor.plan, "useIntegrations");
  try {
    const answer = await detectIntent(deps, {
      ...input,
      session: `atende-test-${actor.companyId}-${actor.user.id}`,
      text: "Olá",
    });
    const { replies } = repliesOf(answer);
    return { ok: true, message: replies.map((r) => "text" in r ? r.text : "").join("\n") };
  } catch (err) {
    if (err instanceof ProviderError) {
      throw new AppError("ERR_VALIDATION", {
        message: err.message,
        details: [{
          path: "jsonContent",
          message: err.message,
          code: err.message.includes("jsonContent is not") ? "not_service_account" : "dialogflow_rejected",
        }],
      });
    }
    throw err;
  }
}
