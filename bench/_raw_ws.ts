/**
 * A WebSocket reader for the load client that costs as little CPU per frame as it can: raw TCP, the
 * RFC 6455 handshake by hand, and server frames (unmasked, never fragmented by Deno) walked in the
 * bytes of each read. Text frames are matched on their leading bytes; only `company-{id}-appMessage`
 * create frames are decoded, and only their message id. Every frame of one read gets that read's
 * arrival time.
 *
 * Why: a Deno `WebSocket` costs the client ≈ 7 µs per frame (an event per message, a string per
 * payload), so 4 Workers sharing the 2 cores with the server top out near 48,000 frames/s and every
 * reading socket looked like a slow consumer at 100 msg/s × 1,000 sockets.
 */

const enc = new TextEncoder();
/** The bytes that follow the event name in a message-create frame, then the id's digits. */
const MARK = enc.encode('"data":{"action":"create","message":{"id":');
const READY = enc.encode('{"type":"ready"}');
const SWITCHING = enc.encode("HTTP/1.1 101");

export type RawSocketEvents = {
  /** A message-create frame of the company: its id and when the read that carried it returned. */
  onCreate(id: number, at: number): void;
  /** Any frame after `ready` (every kind counts). */
  onFrame(): void;
  /** The connection ended: the close code and reason the server sent (1006, "" without a close frame). */
  onClose(code: number, reason: string): void;
};

/**
 * Opens `/ws?token=…` on 127.0.0.1:`port` and reads until the connection ends. Resolves true at the
 * server's `ready` frame, false if the connection ends (or is refused) before it. `close()` ends it.
 */
export class RawSocket {
  #conn: Deno.TcpConn | null = null;
  #prefix: Uint8Array;
  #closed = false;

  constructor(
    readonly port: number,
    readonly token: string,
    companyId: number,
    readonly ev: RawSocketEvents,
  ) {
    this.#prefix = enc.encode(`{"event":"company-${companyId}-appMessage",`);
  }

  get open(): boolean {
    return this.#conn !== null && !this.#closed;
  }

  async connect(): Promise<boolean> {
    let conn: Deno.TcpConn;
    try {
      conn = await Deno.connect({ hostname: "127.0.0.1", port: this.port });
    } catch {
      return false;
    }
    this.#conn = conn;
    const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    await conn.write(enc.encode(
      `GET /ws?token=${encodeURIComponent(this.token)} HTTP/1.1\r\nHost: 127.0.0.1:${this.port}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
        `Sec-WebSocket-Version: 13\r\n\r\n`,
    )).catch(() => 0);
    return await new Promise<boolean>((resolve) => {
      this.#read(conn, resolve);
    });
  }

  close() {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn?.close();
    } catch { /* already closed */ }
  }

  async #read(conn: Deno.TcpConn, ready: (ok: boolean) => void) {
    let buf = new Uint8Array(1 << 18);
    let start = 0, end = 0;
    let upgraded = false, isReady = false;
    let code = 1006, reason = "";
    try {
      for (;;) {
        if (end === buf.length) {
          // Compact; grow only if one frame is larger than the buffer.
          if (start > 0) {
            buf.copyWithin(0, start, end);
            end -= start;
            start = 0;
          } else {
            const bigger = new Uint8Array(buf.length * 2);
            bigger.set(buf);
            buf = bigger;
          }
        }
        const n = await conn.read(buf.subarray(end));
        if (n === null) break;
        end += n;
        const at = performance.timeOrigin + performance.now();
        if (!upgraded) {
          const head = headerEnd(buf, start, end);
          if (head < 0) continue;
          if (!startsWith(buf, start, SWITCHING)) break;
          upgraded = true;
          start = head;
        }
        // Walk whole frames.
        for (;;) {
          if (end - start < 2) break;
          const op = buf[start] & 0x0f;
          let len = buf[start + 1] & 0x7f, h = 2;
          if (len === 126) {
            if (end - start < 4) break;
            len = (buf[start + 2] << 8) | buf[start + 3];
            h = 4;
          } else if (len === 127) {
            if (end - start < 10) break;
            len = Number(new DataView(buf.buffer, buf.byteOffset + start + 2, 8).getBigUint64(0));
            h = 10;
          }
          if (end - start < h + len) break;
          const p = start + h;
          start = p + len;
          if (op === 8) {
            code = len >= 2 ? (buf[p] << 8) | buf[p + 1] : 1005;
            reason = len > 2 ? new TextDecoder().decode(buf.subarray(p + 2, p + len)) : "";
            throw new Closed();
          }
          if (op === 9) {
            this.#pong(conn, buf.slice(p, p + len));
            continue;
          }
          if (op !== 1) continue;
          if (!isReady) {
            if (len === READY.length && startsWith(buf, p, READY)) {
              isReady = true;
              ready(true);
            }
            continue;
          }
          this.ev.onFrame();
          if (!startsWith(buf, p, this.#prefix)) continue;
          const m = indexOf(buf, MARK, p + this.#prefix.length, p + len);
          if (m < 0) continue;
          let id = 0;
          for (let i = m + MARK.length; i < p + len && buf[i] >= 48 && buf[i] <= 57; i++) {
            id = id * 10 + buf[i] - 48;
          }
          this.ev.onCreate(id, at);
        }
        if (start === end) start = end = 0;
      }
    } catch (err) {
      if (!(err instanceof Closed) && !this.#closed) code = 1006;
    }
    this.close();
    if (!isReady) ready(false);
    else this.ev.onClose(code, reason);
  }

  /** A client frame is masked (RFC 6455 §5.3); a zero mask keeps the payload as it is. */
  #pong(conn: Deno.TcpConn, payload: Uint8Array) {
    const frame = new Uint8Array(6 + payload.length);
    frame[0] = 0x8a; // FIN + pong
    frame[1] = 0x80 | payload.length; // control payloads are ≤ 125 bytes
    frame.set(payload, 6);
    conn.write(frame).catch(() => undefined);
  }
}

class Closed extends Error {}

function startsWith(buf: Uint8Array, at: number, what: Uint8Array): boolean {
  if (at + what.length > buf.length) return false;
  for (let i = 0; i < what.length; i++) if (buf[at + i] !== what[i]) return false;
  return true;
}

function indexOf(buf: Uint8Array, what: Uint8Array, from: number, to: number): number {
  for (let i = buf.indexOf(what[0], from); i >= 0 && i + what.length <= to; i = buf.indexOf(what[0], i + 1)) {
    if (startsWith(buf, i, what)) return i;
  }
  return -1;
}

/** The offset just past the HTTP answer's blank line, or -1 while it has not all arrived. */
function headerEnd(buf: Uint8Array, from: number, to: number): number {
  for (let i = from; i + 3 < to; i++) {
    if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i + 4;
  }
  return -1;
}
