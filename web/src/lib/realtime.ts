import { useEffect, useRef } from "react";
import { getToken, refreshToken } from "./api.ts";

// deno-lint-ignore no-explicit-any
type Handler = (data: any) => void;
type ClientFrame = { type: string; [k: string]: unknown };

const RECONNECT_DELAY_MS = 1000;
const USER_STATUS_INTERVAL_MS = 300_000;

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read. */
function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.exp === "number" ? payload.exp : null;
  } catch {
    return null;
  }
}

function isExpired(token: string): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= Date.now() + 5_000;
}

/**
 * One socket per signed-in tab: `/ws?token=…`, `{type:"ready"}` then `{event, data}` frames.
 * Reconnects forever after 1 s (refreshing an expired token first) and re-sends its room joins.
 */
class Realtime {
  private ws: WebSocket | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private rooms = new Map<string, ClientFrame>();
  private running = false;
  private ready = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private statusTimer: ReturnType<typeof setInterval> | undefined;

  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
    this.statusTimer = setInterval(() => this.send({ type: "userStatus" }), USER_STATUS_INTERVAL_MS);
  }

  stop() {
    this.running = false;
    this.ready = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.statusTimer);
    this.rooms.clear();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  private scheduleReconnect() {
    if (!this.running) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
  }

  private async connect() {
    if (!this.running) return;
    let token = getToken();
    if (token && isExpired(token)) token = await refreshToken();
    if (!this.running) return;
    if (!token) return this.scheduleReconnect();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
    this.ws = ws;
    ws.onmessage = (e) => this.onFrame(e.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ready = false;
      this.ws = null;
      this.scheduleReconnect();
    };
  }

  private onFrame(raw: unknown) {
    let frame: { type?: string; event?: string; data?: unknown };
    try {
      frame = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (frame.type === "ready") {
      this.ready = true;
      this.rawSend({ type: "joinNotification" });
      this.rawSend({ type: "userStatus" });
      for (const room of this.rooms.values()) this.rawSend(room);
      this.dispatch("ready", null);
      return;
    }
    if (frame.event) this.dispatch(frame.event, frame.data);
  }

  private dispatch(event: string, data: unknown) {
    for (const h of this.handlers.get(event) ?? []) {
      try {
        h(data);
      } catch (err) {
        console.error(`realtime handler for ${event} failed`, err);
      }
    }
  }

  private rawSend(frame: ClientFrame) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  send(frame: ClientFrame) {
    if (this.ready) this.rawSend(frame);
  }

  /** A join that is re-sent after every reconnect until `leave` is called with the same key. */
  join(key: string, frame: ClientFrame) {
    this.rooms.set(key, frame);
    this.send(frame);
  }

  leave(key: string, frame: ClientFrame) {
    this.rooms.delete(key);
    this.send(frame);
  }

  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, set = new Set());
    set.add(handler);
    return () => set.delete(handler);
  }
}

export const realtime = new Realtime();

/** Subscribes a component to one server event; `event` null means "not yet known". */
export function useRealtimeEvent(event: string | null, handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!event) return;
    return realtime.on(event, (data) => ref.current(data));
  }, [event]);
}
