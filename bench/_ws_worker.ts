/**
 * A Worker that holds attendant sockets for bench/inbound.ts. Per socket it records, for every
 * `company-{id}-appMessage` create frame, the message id and the arrival time
 * (performance.timeOrigin + performance.now(), comparable across workers). Frames are matched on
 * their text, without JSON.parse, so the load client spends as little CPU as it can per frame.
 */
/// <reference lib="deno.worker" />

type Start = { kind: "start"; wsUrl: string; tokens: string[]; companyId: number };
type Finish = { kind: "finish" };
/** How many create frames have arrived so far (bench/fleet.ts waits for the tail with it). */
type Count = { kind: "count" };

const MARK = '"data":{"action":"create","message":{"id":';

class Recorder {
  ids = new Int32Array(1 << 14);
  at = new Float64Array(1 << 14);
  n = 0;
  frames = 0;
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
}

const sockets: WebSocket[] = [];
const recs: Recorder[] = [];

self.onmessage = async (e: MessageEvent<Start | Finish | Count>) => {
  const m = e.data;
  if (m.kind === "count") return self.postMessage({ kind: "count", n: recs.reduce((a, r) => a + r.n, 0) });
  if (m.kind === "start") {
    const prefix = `{"event":"company-${m.companyId}-appMessage",`;
    await Promise.all(m.tokens.map((token) =>
      new Promise<void>((resolve, reject) => {
        const rec = new Recorder();
        const ws = new WebSocket(`${m.wsUrl}/ws?token=${encodeURIComponent(token)}`);
        let ready = false;
        ws.onmessage = (ev) => {
          const s = ev.data as string;
          if (!ready) {
            if (s.includes('"ready"')) {
              ready = true;
              resolve();
            }
            return;
          }
          rec.frames++;
          if (!s.startsWith(prefix)) return;
          const i = s.indexOf(MARK, prefix.length);
          if (i < 0) return;
          const t = performance.timeOrigin + performance.now();
          rec.push(parseInt(s.slice(i + MARK.length, i + MARK.length + 12), 10), t);
        };
        ws.onerror = () => reject(new Error("socket error"));
        sockets.push(ws);
        recs.push(rec);
      })
    ));
    self.postMessage({ kind: "ready" });
  } else {
    const out = recs.map((r) => ({ ids: r.ids.slice(0, r.n), at: r.at.slice(0, r.n), frames: r.frames }));
    for (const ws of sockets) ws.close();
    self.postMessage({ kind: "result", sockets: out }, out.flatMap((o) => [o.ids.buffer, o.at.buffer]));
  }
};
