/**
 * A Worker that holds staff sockets for bench/sockets.ts (raw TCP readers, `_raw_ws.ts`). Per socket
 * and per step it records the id and arrival time of every `company-{id}-appMessage` create frame
 * and whether the server closed the socket during the step, with which code.
 * Commands: start (may come more than once: adds sockets) → begin (a step starts: reset) → end (results) → reconnect (reopen what the
 * server shed, retrying while it refuses) → … → finish.
 */
/// <reference lib="deno.worker" />
import { RawSocket } from "./_raw_ws.ts";

type Cmd =
  | { kind: "start"; wsUrl: string; tokens: string[]; companyId: number }
  | { kind: "begin" }
  | { kind: "end" }
  | { kind: "reconnect" }
  | { kind: "drop" }
  | { kind: "finish" };

class Sock {
  raw: RawSocket | null = null;
  ids = new Int32Array(1 << 12);
  at = new Float64Array(1 << 12);
  n = 0;
  frames = 0;
  /** Open for the whole step so far. */
  whole = true;
  closeCode = 0;
  closeReason = "";
  constructor(readonly token: string) {}
  push(id: number, t: number) {
    if (this.n === this.ids.length) {
      const ids = new Int32Array(this.n * 2);
      ids.set(this.ids);
      const at = new Float64Array(this.n * 2);
      at.set(this.at);
      this.ids = ids;
      this.at = at;
    }
    this.ids[this.n] = id;
    this.at[this.n++] = t;
  }
  get ws(): RawSocket | null {
    return this.raw?.open ? this.raw : null;
  }
}

let port = 0;
let companyId = 0;
const socks: Sock[] = [];

/** Opens the socket; resolves true at `ready`, false if the server closes it first. */
function open(s: Sock): Promise<boolean> {
  const raw = new RawSocket(port, s.token, companyId, {
    onCreate: (id, at) => s.push(id, at),
    onFrame: () => s.frames++,
    onClose: (code, reason) => {
      if (s.raw !== raw) return;
      s.whole = false;
      s.closeCode = code;
      s.closeReason = reason;
    },
  });
  s.raw = raw;
  return raw.connect();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

self.onmessage = async (e: MessageEvent<Cmd>) => {
  const m = e.data;
  if (m.kind === "start") {
    port = Number(new URL(m.wsUrl).port);
    companyId = m.companyId;
    const fresh = m.tokens.map((t) => new Sock(t));
    socks.push(...fresh);
    // A few at a time, as staff arrive; all of them in the end (retrying while the server refuses).
    for (let i = 0; i < fresh.length; i += 10) {
      const ok = await Promise.all(fresh.slice(i, i + 10).map(open));
      if (ok.includes(false)) i -= 10, await sleep(500);
    }
    self.postMessage({ kind: "ready", open: socks.filter((s) => s.ws).length });
  } else if (m.kind === "begin") {
    for (const s of socks) {
      s.n = 0;
      s.frames = 0;
      s.whole = s.ws !== null;
      s.closeCode = 0;
      s.closeReason = "";
    }
    self.postMessage({ kind: "begun", open: socks.filter((s) => s.ws).length });
  } else if (m.kind === "end") {
    const out = socks.map((s) => ({
      ids: s.ids.slice(0, s.n),
      at: s.at.slice(0, s.n),
      frames: s.frames,
      whole: s.whole,
      closeCode: s.closeCode,
      closeReason: s.closeReason,
    }));
    self.postMessage({ kind: "result", sockets: out }, out.flatMap((o) => [o.ids.buffer, o.at.buffer]));
  } else if (m.kind === "drop") {
    for (const s of socks.splice(0)) {
      const raw = s.raw;
      s.raw = null;
      raw?.close();
    }
    self.postMessage({ kind: "dropped" });
  } else if (m.kind === "reconnect") {
    // Like the web client: back off with jitter while the server refuses.
    const t0 = Date.now();
    for (let round = 0; Date.now() - t0 < 60_000; round++) {
      const closed = socks.filter((s) => !s.ws);
      if (!closed.length) break;
      await sleep(Math.min(4000, 250 * 2 ** round) * (0.5 + Math.random() / 2));
      for (let i = 0; i < closed.length; i += 10) await Promise.all(closed.slice(i, i + 10).map(open));
    }
    self.postMessage({ kind: "reconnected", open: socks.filter((s) => s.ws).length });
  } else {
    for (const s of socks) s.raw?.close();
    self.postMessage({ kind: "done" });
  }
};
