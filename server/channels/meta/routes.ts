/**
 * /api/webhooks/meta — the one callback URL of the platform's Meta app (WhatsApp Cloud API,
 * Messenger, Instagram).
 *  - GET: Meta's subscription check. `hub.mode=subscribe` and `hub.verify_token` equal to the
 *    platform's verify token → the `hub.challenge` as text/plain; anything else → 403. The verify
 *    token is not stored: it is derived from APP_SECRET (HMAC, see `metaVerifyToken`) and shown to
 *    the operator by GET /api/settingsFacebook, to be pasted in the Meta app dashboard.
 *  - POST: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body keyed by the app secret>`
 *    (platform setting facebookIdsecret) is checked on the raw bytes BEFORE anything is parsed;
 *    missing, wrong, or no secret configured → 401 and nothing is stored. A verified body is
 *    stored as one durable job per entry (processed by inbound.ts) and answered 200 at once, so
 *    Meta never times out on a slow download.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { hmacSha256Hex, safeEqual } from "../../lib/crypto.ts";
import { enqueue } from "../../jobs/queue.ts";
import { parseJson, readBytes } from "../../lib/body.ts";
import { readSecret } from "../../settings/service.ts";
import { META_WEBHOOK_JOB } from "./inbound.ts";

/** Meta's payloads are small; anything larger is not a webhook. */
const MAX_BODY = 2 * 1024 * 1024;
const OBJECTS = new Set(["whatsapp_business_account", "page", "instagram"]);

/** The platform's webhook verify token: HMAC of a fixed purpose keyed by APP_SECRET. */
export async function metaVerifyToken(deps: Deps): Promise<string> {
  return (await hmacSha256Hex(deps.config.appSecret, "atende:meta-webhook-verify-token")).slice(0, 40);
}

export const metaWebhookRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const mode = c.req.query("hub.mode");
    const token = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    if (mode !== "subscribe" || !safeEqual(token, await metaVerifyToken(c.var.deps))) {
      return c.text("Forbidden", 403);
    }
    return c.text(challenge, 200);
  })
  .post("/", async (c) => {
    const deps = c.var.deps;
    const raw = await readBytes(c, MAX_BODY);
    const secret = await readSecret(deps, "facebookIdsecret");
    const given = c.req.header("x-hub-signature-256") ?? "";
    if (!secret || !given.startsWith("sha256=")) throw new AppError("ERR_UNAUTHENTICATED");
    if (!safeEqual(given.slice(7).toLowerCase(), await hmacSha256Hex(secret, raw))) {
      throw new AppError("ERR_UNAUTHENTICATED");
    }
    const body = parseJson(new TextDecoder().decode(raw)) as { object?: string; entry?: unknown[] } | null;
    const entries = Array.isArray(body?.entry) ? body.entry : [];
    if (body?.object && OBJECTS.has(body.object) && entries.length) {
      await deps.database.write(async (tx) => {
        for (const entry of entries) {
          await enqueue(tx, {
            name: META_WEBHOOK_JOB,
            payload: { object: body.object, entry },
            runAt: deps.clock.now(),
            maxAttempts: 8,
          });
        }
      });
      deps.jobs.kick();
    }
    return c.text("EVENT_RECEIVED", 200);
  });
