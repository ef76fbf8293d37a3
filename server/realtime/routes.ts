/**
 * GET /ws?token=<access token>. The socket is registered before `{type:"ready"}` is sent, so a
 * client that waits for `ready` never misses an event (stack notes §2, gotcha 1).
 * Client frames: joinChatBox / joinChatBoxLeave {ticketId}, joinNotification / leaveNotification,
 * joinTickets / leaveTickets {status}, userStatus.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { loadActor } from "../auth/sessions.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import type { Client } from "./hub.ts";
import { setPresence } from "./presence.ts";

type ClientFrame = { type?: string; ticketId?: number | string; status?: string };

export const realtimeRoutes = new Hono<AppEnv>().get("/ws", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "ERR_VALIDATION", message: "websocket upgrade expected" }, 426);
  }
  const deps = c.var.deps;
  const token = c.req.query("token") ?? "";
  const claims = await deps.tokens.verifyAccess(token, deps.clock.now());
  const actor = await loadActor(deps.db, claims, deps.clock.now());
  if (!actor) throw new AppError("ERR_SESSION_REVOKED");
  if (!isSubscriptionActive(actor.company, deps.clock.now())) throw new AppError("ERR_SUBSCRIPTION_EXPIRED");

  const { socket, response } = Deno.upgradeWebSocket(c.req.raw, { idleTimeout: 60 });
  const client: Client = {
    socket,
    companyId: actor.companyId,
    sessionId: actor.sessionId,
    viewer: actor.viewer,
    rooms: new Set(),
  };
  socket.onopen = () => {
    deps.hub.add(client);
    socket.send(JSON.stringify({ type: "ready" }));
    setPresence(deps, actor.companyId, actor.userId, true).catch((err) =>
      console.error("[ws] presence", err)
    );
  };
  socket.onmessage = (e) => {
    let f: ClientFrame;
    try {
      f = JSON.parse(String(e.data));
    } catch {
      return;
    }
    handleFrame(client, f);
  };
  socket.onclose = () => {
    deps.hub.remove(client);
    if (!deps.hub.onlineUserIds(actor.companyId).has(actor.userId)) {
      setPresence(deps, actor.companyId, actor.userId, false).catch(() => undefined);
    }
  };
  socket.onerror = () => undefined;
  return response;
});

function handleFrame(client: Client, f: ClientFrame) {
  switch (f.type) {
    case "joinChatBox":
      if (f.ticketId != null) client.rooms.add(`ticket:${f.ticketId}`);
      break;
    case "joinChatBoxLeave":
      if (f.ticketId != null) client.rooms.delete(`ticket:${f.ticketId}`);
      break;
    case "joinNotification":
      client.rooms.add("notification");
      break;
    case "leaveNotification":
      client.rooms.delete("notification");
      break;
    case "joinTickets":
      if (f.status) client.rooms.add(`status:${f.status}`);
      break;
    case "leaveTickets":
    case "joinTicketsLeave":
      if (f.status) client.rooms.delete(`status:${f.status}`);
      break;
    case "userStatus":
    case "ping":
      if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify({ type: "pong" }));
      break;
  }
}
