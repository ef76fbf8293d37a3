/**
 * GET /ws?token=<access token>. The socket is registered before `{type:"ready"}` is sent, so a
 * client that waits for `ready` never misses an event (stack notes §2, gotcha 1).
 * Client frames: joinChatBox / joinChatBoxLeave {ticketId}, joinNotification / leaveNotification,
 * joinTickets / leaveTickets {status}, userStatus, focus {focused} (the app is in front of the user: no
 * push notifications meanwhile; the web app repeats it every minute while true).
 * The staff's socket lives with the users (their presence) rather than in realtime/, which is only
 * the transport and imports no feature.
 */
import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { loadActor } from "../auth/sessions.ts";
import { isSubscriptionActive } from "../companies/subscription.ts";
import type { Client } from "../realtime/hub.ts";
import { presence } from "./presence.ts";
import { SHED_CODE } from "../realtime/fanout.ts";
import { staffTyping } from "../webchat/service.ts";
import { channelTyping } from "../channels/typing.ts";
import { reportFocus } from "../push/service.ts";

const READY = JSON.stringify({ type: "ready" });
const PONG = JSON.stringify({ type: "pong" });

type ClientFrame = {
  type?: string;
  ticketId?: number | string;
  status?: string;
  typing?: boolean;
  focused?: boolean;
};

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
  // Only what the socket needs is kept; the request, its context and the actor's company row go.
  const companyId = actor.companyId, userId = actor.userId;
  const client: Client = {
    socket,
    seq: 0,
    companyId,
    sessionId: actor.sessionId,
    viewer: actor.viewer,
    rooms: new Set(),
  };
  let gone = false;
  let focused = false;
  // Runs once, at the close event or when the fan-out sheds the socket (a shed socket whose peer
  // does not read may take long to finish closing; it leaves the hub at once).
  const leave = () => {
    if (gone) return;
    gone = true;
    deps.hub.remove(client);
    if (focused) reportFocus(deps, companyId, userId, false).catch(() => undefined);
    presence(deps).disconnected(companyId, userId, deps.hub.hasUser(companyId, userId));
  };
  client.shed = leave;
  socket.onopen = () => {
    // A company whose fan-out is shedding load takes no new sockets for now: retry later.
    if (deps.hub.refusing(companyId)) {
      gone = true;
      socket.close(SHED_CODE, "server busy");
      return;
    }
    const others = deps.hub.hasUser(companyId, userId);
    deps.hub.add(client);
    socket.send(READY);
    presence(deps).connected(companyId, userId, others);
  };
  socket.onmessage = (e) => {
    let f: ClientFrame;
    try {
      f = JSON.parse(String(e.data));
    } catch {
      return;
    }
    // An attendant typing on a webchat or Telegram conversation: the customer sees it.
    if (f?.type === "typing" && Number.isSafeInteger(Number(f.ticketId))) {
      staffTyping(deps, companyId, client.viewer, Number(f.ticketId), f.typing !== false).catch(() =>
        undefined
      );
      // Channels that show it (Telegram's chat action).
      if (f.typing !== false) {
        channelTyping(deps, companyId, client.viewer, Number(f.ticketId)).catch(() => undefined);
      }
    } else if (f?.type === "focus") {
      focused = f.focused === true;
      reportFocus(deps, companyId, userId, focused).catch(() => undefined);
    } else handleFrame(client, f);
  };
  socket.onclose = leave;
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
      if (client.socket.readyState === WebSocket.OPEN) client.socket.send(PONG);
      break;
  }
}
