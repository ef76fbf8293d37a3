/** A local HTTP server standing in for an integrator's webhook: records every POST. */
export type Received = { headers: Headers; body: string; json: Record<string, unknown> };

export type WebhookSink = {
  url: string;
  received: Received[];
  /** Answer this status to the next calls (default 200). */
  status: number;
  /**
   * The first call matching `pred`, received or still to come. It waits 30 s by default: it ends
   * as soon as the call arrives, and a delivery through the job queue of a loaded machine can
   * take well over the 5 s this used to allow.
   */
  next(pred: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
};

export function startWebhookSink(): WebhookSink {
  const received: Received[] = [];
  const waiters: { pred: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const sink: WebhookSink = {
    url: "",
    received,
    status: 200,
    next(pred, timeoutMs = 30_000) {
      const hit = received.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve: (r: Received) => (clearTimeout(t), resolve(r)) };
        const t = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`webhook: nothing matching in ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    close: () => server.shutdown(),
  };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const body = await req.text();
    if (sink.status >= 300) return new Response("no", { status: sink.status });
    const r = { headers: req.headers, body, json: JSON.parse(body || "{}") };
    received.push(r);
    for (const w of [...waiters]) if (w.pred(r)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(r));
    return new Response("ok");
  });
  sink.url = `http://127.0.0.1:${server.addr.port}/hook`;
  return sink;
}
