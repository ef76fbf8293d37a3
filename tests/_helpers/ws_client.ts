/** A test WebSocket client: resolves once the server's `ready` frame arrived, records every frame. */
export type Frame = { event?: string; type?: string; data?: Record<string, unknown> };

export type WsClient = {
  frames: Frame[];
  /** Waits for a frame matching `pred` (already received or future). */
  next(pred: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the server closes the socket. */
  closed: Promise<CloseEvent>;
  send(frame: unknown): void;
  close(): Promise<void>;
};

export async function connectWs(wsUrl: string, token: string): Promise<WsClient> {
  const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
  const frames: Frame[] = [];
  const waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  let resolveClosed!: (e: CloseEvent) => void;
  const closed = new Promise<CloseEvent>((r) => resolveClosed = r);
  ws.onmessage = (e) => {
    const f = JSON.parse(String(e.data)) as Frame;
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  };
  ws.onclose = (e) => resolveClosed(e);
  const client: WsClient = {
    frames,
    next(pred, timeoutMs = 3000) {
      const hit = frames.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve: (f: Frame) => {
            clearTimeout(timer);
            resolve(f);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  await client.next((f) => f.type === "ready", 5000);
  return client;
}

/** Lets in-flight events land before asserting that something did NOT arrive. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/**
 * A socket that completes the WebSocket handshake and then stops reading (a slow consumer whose
 * buffers fill up). `closeCode()` reads what the server queued and returns the code of its close
 * frame, or 0 if the server sent none before it went quiet for `quietMs`.
 */
export async function connectNonReading(
  port: number,
  token: string,
): Promise<{ closeCode(quietMs?: number): Promise<number>; close(): void }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  await conn.write(new TextEncoder().encode(
    `GET /ws?token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  ));
  let pending = new Uint8Array(0);
  const chunk = new Uint8Array(1 << 16);
  const readSome = async (quietMs: number): Promise<boolean> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const n = await Promise.race([
      conn.read(chunk),
      new Promise<null>((r) => timer = setTimeout(() => r(null), quietMs)),
    ]);
    clearTimeout(timer);
    if (n === null) return false;
    const next = new Uint8Array(pending.length + n);
    next.set(pending);
    next.set(chunk.subarray(0, n), pending.length);
    pending = next;
    return true;
  };
  // The 101 answer (which may carry the first frames); after it, nothing is read until closeCode.
  for (;;) {
    if (!await readSome(5000)) throw new Error("no handshake answer");
    const text = new TextDecoder().decode(pending);
    const end = text.indexOf("\r\n\r\n");
    if (end < 0) continue;
    if (!text.startsWith("HTTP/1.1 101")) throw new Error(`handshake refused: ${text.split("\r\n")[0]}`);
    pending = pending.slice(new TextEncoder().encode(text.slice(0, end + 4)).length);
    break;
  }
  return {
    async closeCode(quietMs = 3000) {
      for (;;) {
        // Walk the whole frames received so far (server frames are unmasked).
        let p = 0;
        for (;;) {
          if (pending.length - p < 2) break;
          const op = pending[p] & 0x0f;
          let len = pending[p + 1] & 0x7f, h = 2;
          if (len === 126) {
            if (pending.length - p < 4) break;
            len = (pending[p + 2] << 8) | pending[p + 3];
            h = 4;
          } else if (len === 127) {
            if (pending.length - p < 10) break;
            len = Number(new DataView(pending.buffer, pending.byteOffset + p + 2, 8).getBigUint64(0));
            h = 10;
          }
          if (pending.length - p < h + len) break;
          if (op === 8) return len >= 2 ? (pending[p + h] << 8) | pending[p + h + 1] : 1005;
          p += h + len;
        }
        pending = pending.slice(p);
        if (!await readSome(quietMs)) return 0;
      }
    },
    close() {
      try {
        conn.close();
      } catch { /* already closed */ }
    },
  };
}
