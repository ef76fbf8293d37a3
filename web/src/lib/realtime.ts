import { useEffect, useRef } from "react";
import { getToken, refreshToken } from "./api.ts";

// deno-lint-ignore no-explicit-any
type Handler = (data: any) => void;
type ClientFrame = { type: string; [k: string]: unknown };

/** Reconnect delays: 1 s doubling to 30 s, each drawn between half and all of it (jitter). */
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** A socket that stayed open this long resets the backoff. */
const STABLE_MS = 10_000;
/** The server's "try again later" close (it shed the socket or refused it while busy). */
const TRY_AGAIN_LATER = 1013;
const USER_STATUS_INTERVAL_MS = 300_000;
const FOCUS_RENEW_MS = 60_000;

/** The delay before reconnect attempt `attempt` (0-based): exponential backoff, "equal jitter". */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(cap / 2 + random() * cap / 2);
}

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
 * Reconnects forever with exponential backoff and jitter (refreshing an expired token first), re-sends
 * its room joins, and after every reconnect dispatches "reconnected" so the app refetches what it
 * shows (events sent while the socket was down are not replayed). The first `ready` of a start
 * dispatches "live" with the moment it arrived: what the page read before then (over HTTP, while the
 * socket was connecting) may have missed an event published in that window.
 */
class Realtime {
  private ws: WebSocket | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private rooms = new Map<string, ClientFrame>();
  private running = false;
  private ready = false;
  /** Consecutive failed or short-lived connections; drives the backoff. */
  private attempt = 0;
  private openedAt = 0;
  /** A socket was ready before: the next `ready` is a reconnect. */
  private wasReady = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private statusTimer: ReturnType<typeof setInterval> | undefined;
  private focusTimer: ReturnType<typeof setInterval> | undefined;

  /**
   * Tells the server whether the app is in front of the user (no push notifications meanwhile): on
   * every change and every minute while it is (the server forgets a focus not renewed in 90 s).
   */
  private reportFocus = () => {
    this.send({ type: "focus", focused: document.visibilityState === "visible" && document.hasFocus() });
  };

  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
    this.statusTimer = setInterval(() => this.send({ type: "userStatus" }), USER_STATUS_INTERVAL_MS);
    this.focusTimer = setInterval(() => document.hasFocus() && this.reportFocus(), FOCUS_RENEW_MS);
    addEventListener("focus", this.reportFocus);
    addEventListener("blur", this.reportFocus);
    document.addEventListener("visibilitychange", this.reportFocus);
  }

  stop() {
    this.running = false;
    this.ready = false;
    this.wasReady = false;
    this.attempt = 0;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.statusTimer);
    clearInterval(this.focusTimer);
    removeEventListener("focus", this.reportFocus);
    removeEventListener("blur", this.reportFocus);
    document.removeEventListener("visibilitychange", this.reportFocus);
    this.rooms.clear();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  private scheduleReconnect() {
    if (!this.running) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
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
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      if (this.ready && Date.now() - this.openedAt >= STABLE_MS) this.attempt = 0;
      // Shed or refused while the server is busy: never come back at the shortest delay.
      if (e.code === TRY_AGAIN_LATER) this.attempt = Math.max(this.attempt, 1);
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
      this.openedAt = Date.now();
      this.rawSend({ type: "joinNotification" });
      this.rawSend({ type: "userStatus" });
      for (const room of this.rooms.values()) this.rawSend(room);
      this.reportFocus();
      this.dispatch("ready", null);
      if (this.wasReady) this.dispatch("reconnected", null);
      else this.dispatch("live", { since: this.openedAt });
      this.wasReady = true;
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
