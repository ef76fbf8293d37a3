/**
 * GET /webchat/ws?key=<connection key>&token=<visitor token>: the visitor's socket. The Origin
 * header must be one the connection allows (browsers always send it on a WebSocket handshake), the
 * token must be a visitor of that connection. Client frames: {type:"message", body, clientId},
 * {type:"typing", typing}, {type:"contact", name?, email?, phone?}, {type:"ping"}. Server frames:
 * {type:"ready", online}, {type:"message", message, clientId?}, {type:"typing", typing},
 * {type:"online", online} (after each visitor message), {type:"contactSaved"}, {type:"error", code,
 * clientId?}, {type:"pong"}.
 * Each socket has a token bucket (bursts of 10 frames, 1 a second after that) and a frame-size cap.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { assertOrigin, connectionForKey, isOnline, leaveContact, receiveVisitorMessage } from "./service.ts";
import { visitorByToken, visitorTyping } from "./service.ts";
import { VisitorHub, visitorHub } from "./visitor_hub.ts";
import { watchPresence } from "./presence.ts";

const MAX_FRAME = 8 * 1024;
export const BUCKET = { burst: 10, perSecond: 1 };
/** Frames refused for the rate before the socket is closed (policy violation). */
const MAX_REFUSED = 30;

const frameInput = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    body: z.string().trim().min(1).max(4000),
    clientId: z.string().max(64).optional(),
  }),
  z.object({ type: z.literal("typing"), typing: z.boolean() }),
  z.object({
    type: z.literal("contact"),
    name: z.string().trim().max(100).optional(),
    email: z.email().max(200).optional().or(z.literal("").transform(() => undefined)),
    phone: z.string().trim().regex(/^\+?[\d\s().-]{6,25}$/).optional().or(
      z.literal("").transform(() => undefined),
    ),
  }).refine((f) => f.email || f.phone, "email or phone"),
  z.object({ type: z.literal("ping") }),
]);

export async function handleVisitorSocket(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "ERR_VALIDATION", message: "websocket upgrade expected" }, 426);
  }
  const deps = c.var.deps;
  const conn = await connectionForKey(deps, c.req.query("key") ?? "");
  assertOrigin(conn, c.req.header("origin"));
  const visitor = await visitorByToken(deps, conn, c.req.query("token") ?? "");
  if (!visitor) throw new AppError("ERR_UNAUTHENTICATED");

  const { socket, response } = Deno.upgradeWebSocket(c.req.raw, { idleTimeout: 60 });
  const hub = visitorHub(deps);
  const key = VisitorHub.key(conn.companyId, visitor.number);
  let tokens = BUCKET.burst, last = Date.now(), refused = 0;
  const send = (f: unknown) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(f));
  const allow = () => {
    const now = Date.now();
    tokens = Math.min(BUCKET.burst, tokens + (now - last) / 1000 * BUCKET.perSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  let unwatch = () => {};
  socket.onopen = async () => {
    hub.add(key, socket);
    const online = await isOnline(deps, conn).catch(() => false);
    send({ type: "ready", online });
    if (socket.readyState === WebSocket.OPEN) unwatch = watchPresence(deps, { conn, online, send });
  };
  socket.onmessage = async (e) => {
    const raw = typeof e.data === "string" ? e.data : "";
    if (!raw || raw.length > MAX_FRAME) return void socket.close(1009, "frame too large");
    let parsed;
    try {
      parsed = frameInput.safeParse(JSON.parse(raw));
    } catch {
      return;
    }
    if (!parsed.success) return send({ type: "error", code: "ERR_VALIDATION" });
    const f = parsed.data;
    if (f.type === "ping") return send({ type: "pong" });
    if (!allow()) {
      if (++refused > MAX_REFUSED) return void socket.close(1008, "rate limited");
      return send({
        type: "error",
        code: "ERR_RATE_LIMITED",
        clientId: "clientId" in f ? f.clientId : undefined,
      });
    }
    try {
      if (f.type === "message") {
        await receiveVisitorMessage(deps, conn, visitor, { body: f.body, clientId: f.clientId });
        // Presence may have changed since the socket opened: one cheap check per message.
        send({ type: "online", online: await isOnline(deps, conn) });
      } else if (f.type === "typing") {
        await visitorTyping(deps, conn, visitor, f.typing);
      } else if (f.type === "contact") {
        await leaveContact(deps, conn, visitor, f);
        send({ type: "contactSaved" });
      }
    } catch (err) {
      const code = err instanceof AppError ? err.code : "ERR_INTERNAL";
      if (code === "ERR_INTERNAL") console.error("[webchat] visitor frame failed", err);
      send({ type: "error", code, clientId: f.type === "message" ? f.clientId : undefined });
    }
  };
  socket.onclose = () => {
    hub.remove(key, socket);
    unwatch();
  };
  socket.onerror = () => undefined;
  return response;
}
