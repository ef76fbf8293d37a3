/**
 * POST /api/channels/api/messages — an integrator delivers a customer's message.
 * POST /api/channels/api/updates — an edit or revoke of a customer's message, or an ack of ours.
 * Bearer = the connection's token (it names the company). Idempotent on `externalId`.
 * Answers `{messageId, ticketId}` once the message is committed (with `mediaStatus` when its
 * media URL could not be fetched: the message is kept and the file retried).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { decodeBase64 } from "../../lib/base64.ts";
import { connectionForBearer } from "../../connections/bearer.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveAck, receiveEdit, receiveRevoke } from "../../inbox/updates.ts";
import type { Context, MiddlewareHandler } from "hono";
import type { ConnectionRow } from "../../connections/repo.ts";
import type { Deps } from "../../deps.ts";
import type { InboundMedia } from "../adapter.ts";
import { UrlRefusedError } from "../../lib/safe_fetch.ts";
import { downloadLimit, fetchOrPending, isTooLarge, mediaTypeOf, publicLink } from "../download.ts";
import { type ApiMediaSource, fetchApiMedia } from "./media.ts";

const inboundInput = z.object({
  externalId: z.string().trim().min(1).max(200),
  from: z.object({
    number: z.string().transform((n) => n.replace(/\D/g, "")).pipe(z.string().min(5).max(20)),
    name: z.string().trim().max(200).optional(),
  }),
  body: z.string().max(65_536).default(""),
  media: z.object({
    url: z.url({ protocol: /^https?$/ }).optional(),
    base64: z.string().optional(),
    mimetype: z.string().min(3).max(120),
    filename: z.string().min(1).max(200),
  }).refine((m) => !!m.url !== !!m.base64, "give exactly one of url or base64").optional(),
  timestamp: z.union([z.number(), z.iso.datetime()]).optional(),
}).refine((m) => m.body.length > 0 || m.media, "body or media required");

type MediaInput = { url?: string; base64?: string; mimetype: string; filename: string };

/** A file given inline: the integrator's mistakes (too large, not base64) are answered at once. */
function decodeMedia(m: MediaInput, maxBytes: number): InboundMedia {
  // Refuse before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor(m.base64!.replace(/\s|=+$/g, "").length * 3 / 4) > maxBytes) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  }
  let data: Uint8Array;
  try {
    data = decodeBase64(m.base64!);
  } catch {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "media.base64", message: "invalid base64" }],
    });
  }
  if (data.length > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  return { data, mimetype: m.mimetype, filename: m.filename };
}

/**
 * A file given by URL: a download that fails does not refuse the message — it is stored with its
 * text and link, and the media job fetches the file again (adapter.ts fetchMedia). A file above
 * the download limit (413) or a URL the guard refuses (400) is the integrator's to fix.
 */
async function mediaOf(deps: Deps, m: MediaInput, label: string) {
  if (m.base64) return { media: decodeMedia(m, await downloadLimit(deps)) };
  const source: ApiMediaSource = { url: m.url!, mimetype: m.mimetype, filename: m.filename };
  return await fetchOrPending(label, () => fetchApiMedia(deps, source), {
    mediaType: mediaTypeOf(m.mimetype),
    source,
    link: publicLink(m.url),
  }, (err) => isTooLarge(err) || err instanceof UrlRefusedError);
}

const jsonLimit = async (c: Context<ApiEnv>) =>
  Math.ceil((await downloadLimit(c.var.deps)) * 4 / 3) + 256 * 1024;

type ApiEnv = { Variables: AppEnv["Variables"] & { apiConn: ConnectionRow } };

/**
 * The api connection named by the bearer token; its company must be active. A middleware that
 * runs before body validation: a caller without a valid token gets 401, never a 400 that
 * describes the expected body.
 */
const requireConnection: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { conn } = await connectionForBearer(c.var.deps, c.req.header("authorization"), "api");
  c.set("apiConn", conn);
  await next();
};

const updateInput = z.object({
  /** The customer's message id for edits and revokes; ours (the webhook's `messageId`) for acks. */
  externalId: z.string().trim().min(1).max(200),
  type: z.enum(["edit", "revoke", "ack"]),
  body: z.string().max(65_536).optional(),
  ack: z.coerce.number().int().min(1).max(5).optional(),
}).refine((u) => u.type !== "edit" || u.body !== undefined, "body required for an edit")
  .refine((u) => u.type !== "ack" || u.ack !== undefined, "ack required");

export const apiChannelRoutes = new Hono<ApiEnv>()
  .post("/updates", requireConnection, validate("json", updateInput), async (c) => {
    const conn = c.var.apiConn;
    const u = c.req.valid("json");
    if (u.type === "edit") await receiveEdit(c.var.deps, conn, u.externalId, u.body!);
    else if (u.type === "revoke") await receiveRevoke(c.var.deps, conn, u.externalId);
    else await receiveAck(c.var.deps, conn, u.externalId, u.ack!);
    return c.json({ status: "ok" });
  })
  // The body may carry the file as base64: 4/3 of the platform's download limit, plus the fields.
  .post(
    "/messages",
    requireConnection,
    validate("json", inboundInput, { maxBytes: jsonLimit }),
    async (c) => {
      const deps = c.var.deps;
      const conn = c.var.apiConn;
      const input = c.req.valid("json");
      const { media, pendingMedia } = input.media
        ? await mediaOf(deps, input.media, `[api] ${input.externalId} on ${conn.id}`)
        : {};
      const r = await receiveInbound(deps, {
        connection: conn,
        externalId: input.externalId,
        from: { number: input.from.number, name: input.from.name },
        fromMe: false,
        body: input.body,
        media,
        pendingMedia,
        timestamp: input.timestamp === undefined ? undefined : new Date(input.timestamp),
      });
      return c.json({
        messageId: r.messageId,
        ticketId: r.ticketId,
        duplicate: r.duplicate,
        // Present only when the file could not be fetched yet: "pending" (retried) or "unavailable".
        ...(pendingMedia && !r.duplicate
          ? { mediaStatus: pendingMedia.unavailable ? "unavailable" : "pending" }
          : {}),
      });
    },
  );
