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
