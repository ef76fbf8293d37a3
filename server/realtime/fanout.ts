/**
 * The fan-out engine behind the hub: envelopes wait in one FIFO lane per company and are written
 * to sockets in short slices off the request path.
 *
 * - Ingest never waits for fan-out: `enqueue` only serialises the frame (once per envelope, that is
 *   once per audience) and queues it; the writing happens in slices of at most `sliceMs`, after
 *   which the loop yields to the event loop (a MessageChannel hop, not a clamped timer), so HTTP
 *   requests and the ingest Worker's answers are served between slices.
 * - Fairness: lanes are served round-robin, `chunk` sockets of one envelope per turn, so one
 *   company's flood delays another company's frames by at most a chunk per busy company.
 * - A slow consumer is one that stays behind, not one that holds a few big frames: each socket keeps
 *   the write time of its unsent frames (matched against `bufferedAmount`, the bytes the runtime has
 *   not handed to the kernel yet), and a socket whose oldest unsent frame is older than
 *   `maxSocketLagMs` is shed (closed with SHED_CODE, "try again later"). `maxBufferedBytes` stays as
 *   a hard memory bound per socket (a few MB, far above what a reading socket holds).
 * - Bounded memory: a lane whose oldest envelope has waited longer than
 *   `maxLagMs` (the thread cannot write as fast as the company's events arrive) sheds a share of
 *   its sockets, slowest first, and refuses new sockets for a while. Every socket that stays
 *   connected receives every envelope of its company, in order.
 */

/** WebSocket close code for a shed socket: "Try Again Later" (RFC 6455 registry). */
export const SHED_CODE = 1013;

/** Lag shedding applies to lanes with at least this many sockets. */
const MIN_SOCKETS_TO_SHED = 16;

export type FanoutOptions = {
  /** Unsent bytes a socket may hold before it is shed, however recent (memory bound). */
  maxBufferedBytes: number;
  /** How long a socket's oldest unsent frame may wait before the socket is shed. */
  maxSocketLagMs: number;
  /** The clock of socket lag (ms), performance.now by default; a test sets its own to move it by hand. */
  now?: () => number;
  /** How long an envelope may wait in its lane before the lane sheds sockets. */
  maxLagMs: number;
  /** Longest run of writes before yielding to the event loop. */
  sliceMs: number;
  /** Sockets of one envelope written per round-robin turn. */
  chunk: number;
};

export const defaultFanoutOptions: FanoutOptions = {
  maxBufferedBytes: 8 * 1024 * 1024,
  maxSocketLagMs: 10_000,
  maxLagMs: 2_000,
  sliceMs: 4,
  chunk: 200,
};

/** What the engine needs of a connected socket. */
export type Target = {
  socket: WebSocket;
  /** Connection order within the instance; the newest are shed first when a lane lags. */
  seq: number;
  /** Called once when the engine sheds the socket (its close event may come much later). */
  shed?: () => void;
  /** Written by the engine: the socket's unsent frames (see SocketLag). */
  lag?: SocketLag;
};

/**
 * What a socket still owes its reader: bytes written so far and, for each frame that may not have
 * left yet, where it ends in that byte count and when it was written. `bufferedAmount` says how
 * many of the written bytes are unsent, so the frames ending before `sent - bufferedAmount` are
 * gone; the first one left is the oldest frame the reader has not got.
 */
export class SocketLag {
  sent = 0;
  #ends: number[] = [];
  #times: number[] = [];
  #head = 0;

  /** Milliseconds the oldest unsent frame has waited (0 when nothing is unsent). */
  behind(buffered: number, now: number): number {
    if (buffered <= 0) {
      this.#ends.length = this.#times.length = this.#head = 0;
      return 0;
    }
    const gone = this.sent - buffered;
    while (this.#head < this.#ends.length && this.#ends[this.#head] <= gone) this.#head++;
    if (this.#head > 64 && this.#head * 2 > this.#ends.length) {
      this.#ends.splice(0, this.#head);
      this.#times.splice(0, this.#head);
      this.#head = 0;
    }
    return this.#head < this.#ends.length ? now - this.#times[this.#head] : 0;
  }

  wrote(bytes: number, now: number): void {
    this.sent += bytes;
    this.#ends.push(this.sent);
    this.#times.push(now);
  }
}

/** UTF-8 length of a string (what `bufferedAmount` counts for a text frame), without encoding it. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) i++, n += 2; // a surrogate pair: 4 bytes for 2 units
    else n += 2;
  }
  return n;
}

export type Job<T extends Target> = {
  frame: string;
  /** The frame's UTF-8 length, measured at its first turn. */
  bytes?: number;
  at: number;
  /** Resolved at the job's first turn: who receives it (snapshot of the lane's sockets then). */
  start: () => T[];
  /** Runs after the last socket of the job was written (e.g. closing revoked sessions). */
  after?: (targets: T[]) => void;
  targets?: T[];
  i: number;
};

type Lane<T extends Target> = {
  key: number | null;
  jobs: Job<T>[];
  head: number;
  lastShed: number;
  /** The head envelope's wait at the last check: shed only while it grows (not catching up). */
  lastLag: number;
  refuseUntil: number;
};

export type FanoutStats = {
  /** Sockets shed for staying behind (time) or past the memory bound (bytes). */
  shedSlow: number;
  shedLag: number;
  frames: number;
  maxLagMs: number;
  /** The longest time behind seen on one socket (ms). */
  maxSocketLagMs: number;
};

export class Fanout<T extends Target> {
  #lanes = new Map<number | null, Lane<T>>();
  #ring: Lane<T>[] = [];
  #running = false;
  #idle: (() => void)[] = [];
  #lastCheck = 0;
  readonly stats: FanoutStats = { shedSlow: 0, shedLag: 0, frames: 0, maxLagMs: 0, maxSocketLagMs: 0 };

  constructor(
    readonly opts: FanoutOptions,
    /** The lane's current sockets, for lag shedding. */
    private socketsOf: (key: number | null) => Iterable<T>,
  ) {}

  #now(): number {
    return this.opts.now ? this.opts.now() : performance.now();
  }

  /** How long the socket's oldest unsent frame has waited (ms). */
  behind(t: T): number {
    return t.lag ? t.lag.behind(t.socket.bufferedAmount, this.#now()) : 0;
  }

  enqueue(key: number | null, job: Omit<Job<T>, "i" | "at">): void {
    let lane = this.#lanes.get(key);
    if (!lane) {
      this.#lanes.set(key, lane = { key, jobs: [], head: 0, lastShed: 0, lastLag: 0, refuseUntil: 0 });
    }
    if (lane.head === lane.jobs.length) this.#ring.push(lane);
    lane.jobs.push({ ...job, i: 0, at: performance.now() });
    if (!this.#running) this.#run();
  }

  /** Refuses new sockets of the lane for `ms` (0 lifts it): maintenance, tests. */
  refuse(key: number | null, ms: number): void {
    let lane = this.#lanes.get(key);
    if (!lane) {
      this.#lanes.set(key, lane = { key, jobs: [], head: 0, lastShed: 0, lastLag: 0, refuseUntil: 0 });
    }
    lane.refuseUntil = ms > 0 ? performance.now() + ms : 0;
  }

  /** True while a lane that lagged refuses new sockets. */
  refusing(key: number | null): boolean {
    const lane = this.#lanes.get(key);
    return !!lane && lane.refuseUntil > performance.now();
  }

  /** Envelopes waiting (all lanes). */
  get backlog(): number {
    let n = 0;
    for (const l of this.#ring) n += l.jobs.length - l.head;
    return n;
  }

  /** Resolves when every queued envelope has been written. */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((r) => this.#idle.push(r));
  }

  /** Sheds a socket: closed with the retry code, never written to again. */
  shed(t: T, reason: string): void {
    if (t.socket.readyState === WebSocket.OPEN || t.socket.readyState === WebSocket.CONNECTING) {
      try {
        t.socket.close(SHED_CODE, reason);
      } catch { /* already closing */ }
    }
    t.shed?.();
  }

  async #run() {
    this.#running = true;
    const yielder = new Yielder();
    try {
      // Never on the publisher's stack: the first slice starts after the event loop's next turn.
      await yielder.yield();
      let sliceStart = performance.now();
      let r = 0;
      while (this.#ring.length) {
        if (r >= this.#ring.length) r = 0;
        const lane = this.#ring[r];
        this.#turn(lane);
        if (lane.head === lane.jobs.length) {
          lane.jobs.length = 0;
          lane.head = 0;
          lane.lastLag = 0;
          this.#ring.splice(r, 1);
          if (!lane.refuseUntil || lane.refuseUntil < performance.now()) this.#lanes.delete(lane.key);
        } else r++;
        const now = performance.now();
        if (now - sliceStart >= this.opts.sliceMs) {
          this.#checkLag(now);
          await yielder.yield();
          sliceStart = performance.now();
        }
      }
    } finally {
      yielder.close();
      this.#running = false;
      for (const f of this.#idle.splice(0)) f();
    }
  }

  /** Writes one chunk of the lane's head envelope. */
  #turn(lane: Lane<T>) {
    const job = lane.jobs[lane.head];
    if (!job.targets) {
      try {
        job.targets = job.start();
      } catch (err) {
        // A bad envelope is dropped; it must not stall its company's lane.
        console.error("[hub] envelope dropped", err);
        job.targets = [];
      }
    }
    const { frame, targets } = job;
    const bytes = job.bytes ??= utf8Length(frame);
    const end = Math.min(targets.length, job.i + this.opts.chunk);
    const max = this.opts.maxBufferedBytes;
    const maxLag = this.opts.maxSocketLagMs;
    const now = this.#now();
    for (let i = job.i; i < end; i++) {
      const t = targets[i];
      const s = t.socket;
      if (s.readyState !== WebSocket.OPEN) continue;
      const buffered = s.bufferedAmount;
      const lag = t.lag ??= new SocketLag();
      const behind = lag.behind(buffered, now);
      if (behind > this.stats.maxSocketLagMs) this.stats.maxSocketLagMs = behind;
      if (behind > maxLag || buffered > max) {
        this.stats.shedSlow++;
        this.shed(t, "slow consumer");
        continue;
      }
      try {
        s.send(frame);
        lag.wrote(bytes, now);
        this.stats.frames++;
      } catch { /* socket closing */ }
    }
    job.i = end;
    if (end < targets.length) return;
    try {
      job.after?.(targets);
    } catch (err) {
      console.error("[hub] after delivery", err);
    }
    lane.jobs[lane.head++] = undefined as unknown as Job<T>; // let the frame go
    // Compact a long-lived lane now and then so its array does not grow forever.
    if (lane.head > 1024 && lane.head * 2 > lane.jobs.length) {
      lane.jobs.splice(0, lane.head);
      lane.head = 0;
    }
  }

  /**
   * A lane whose oldest envelope waited past maxLagMs and whose wait still grows gets more events
   * than the thread can write to all its sockets: shed a quarter of them (the most backed-up first,
   * then the newest) and refuse new ones for a few lag periods, so the remaining sockets catch up
   * instead of all of them lagging more and more. Checked every quarter of maxLagMs.
   */
  #checkLag(now: number) {
    if (now - this.#lastCheck < this.opts.maxLagMs / 4) return;
    this.#lastCheck = now;
    for (const lane of this.#ring) {
      const lag = now - lane.jobs[lane.head].at;
      if (lag > this.stats.maxLagMs) this.stats.maxLagMs = lag;
      // Sustained (over the limit at two checks in a row) and growing; one stall of the process
      // (GC, a loaded host) is not overload.
      const sustained = lag > this.opts.maxLagMs && lane.lastLag > this.opts.maxLagMs && lag > lane.lastLag;
      lane.lastLag = lag;
      if (!sustained || now - lane.lastShed < this.opts.maxLagMs / 2) continue;
      const open = [...this.socketsOf(lane.key)].filter((t) => t.socket.readyState === WebSocket.OPEN);
      // With a handful of sockets the lag is not the fan-out's doing: shedding them would not help.
      if (open.length < MIN_SOCKETS_TO_SHED) continue;
      lane.lastShed = now;
      lane.refuseUntil = now + 3 * this.opts.maxLagMs;
      open.sort((a, b) => (b.socket.bufferedAmount - a.socket.bufferedAmount) || (b.seq - a.seq));
      for (const t of open.slice(0, Math.ceil(open.length / 4))) {
        this.stats.shedLag++;
        this.shed(t, "server busy");
      }
    }
  }
}

/** Yields to the event loop without the 4 ms clamp of nested timers. */
class Yielder {
  #ch: MessageChannel | null = null;
  #wake: (() => void) | null = null;
  yield(): Promise<void> {
    if (!this.#ch) {
      this.#ch = new MessageChannel();
      this.#ch.port1.onmessage = () => this.#wake?.();
    }
    return new Promise((r) => {
      this.#wake = r;
      this.#ch!.port2.postMessage(0);
    });
  }
  close() {
    this.#ch?.port1.close();
    this.#ch?.port2.close();
    this.#ch = null;
  }
}
