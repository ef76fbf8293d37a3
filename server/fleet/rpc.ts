/**
 * Request/reply between instances: a call names the instance that must run it (the
 * holder of a lease, e.g. a WhatsApp session's). With REDIS_URL each instance listens on its own
 * channel `atende:rpc:{instanceId}`; without it only calls to this very instance are possible.
 *
 * A call is answered twice: `ack` as soon as the target has the request (so a dead or absent
 * owner is told apart quickly from a slow send waiting in the pacing queue), then the result.
 * No ack within `ackMs`, or no result within `timeoutMs`: ERR_WAPP_NOT_INITIALIZED with a message
 * that says so. Errors thrown by the handler travel back as the same AppError code.
 */
import { redisClient } from "../lib/redis_client.ts";
import { AppError, type ErrorCode, errorStatus } from "../lib/errors.ts";

export type RpcHandler = (args: unknown) => Promise<unknown>;
export type CallOptions = { ackMs?: number; timeoutMs?: number };

export type Rpc = {
  readonly self: string;
  /** True when calls to other instances are possible (a Redis is configured). */
  readonly remote: boolean;
  handle(method: string, fn: RpcHandler): void;
  call(target: string, method: string, args: unknown, o?: CallOptions): Promise<unknown>;
  close(): Promise<void>;
};

type Frame =
  | { kind: "req"; id: string; from: string; method: string; args: unknown }
  | { kind: "ack"; id: string }
  | { kind: "res"; id: string; ok: true; value: unknown }
  | { kind: "res"; id: string; ok: false; code: string; message: string; details?: unknown };

const ACK_MS = 3_000;
const TIMEOUT_MS = 120_000;
const channelOf = (instance: string) => `atende:rpc:${instance}`;

export const noOwner = (what: string) => new AppError("ERR_WAPP_NOT_INITIALIZED", { message: what });

function toFrame(id: string, err: unknown): Frame {
  if (err instanceof AppError) {
    return { kind: "res", id, ok: false, code: err.code, message: err.message, details: err.details };
  }
  return {
    kind: "res",
    id,
    ok: false,
    code: "ERR_INTERNAL",
    message: String((err as Error)?.message ?? err),
  };
}

function fromFrame(f: Extract<Frame, { ok: false }>): AppError {
  const code = (f.code in errorStatus ? f.code : "ERR_INTERNAL") as ErrorCode;
  return new AppError(code, { message: f.message, details: f.details });
}

/** Runs a handler of this instance, as a remote call would (same errors). */
async function runLocal(handlers: Map<string, RpcHandler>, method: string, args: unknown) {
  const fn = handlers.get(method);
  if (!fn) throw noOwner(`no handler for ${method} on this instance`);
  return await fn(structuredClone(args));
}

export function localRpc(self: string): Rpc {
  const handlers = new Map<string, RpcHandler>();
  return {
    self,
    remote: false,
    handle: (m, fn) => void handlers.set(m, fn),
    call(target, method, args) {
      if (target !== self) return Promise.reject(noOwner(`instance ${target} is unreachable (no REDIS_URL)`));
      return runLocal(handlers, method, args);
    },
    close: () => Promise.resolve(),
  };
}

export async function redisRpc(url: string, self: string): Promise<Rpc> {
  const pub = await redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = await redisClient(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Map<string, RpcHandler>();
  const waiting = new Map<string, { acked: () => void; settle: (f: Frame) => void }>();
  const send = (to: string, f: Frame) => pub.publish(channelOf(to), JSON.stringify(f)).catch(() => 0);

  sub.on("message", (_ch: string, raw: string) => {
    let f: Frame;
    try {
      f = JSON.parse(raw);
    } catch {
      return;
    }
    if (f.kind !== "req") {
      const w = waiting.get(f.id);
      if (f.kind === "ack") w?.acked();
      else w?.settle(f);
      return;
    }
    const req = f;
    void send(req.from, { kind: "ack", id: req.id });
    runLocal(handlers, req.method, req.args)
      .then((value) => send(req.from, { kind: "res", id: req.id, ok: true, value: value ?? null }))
      .catch((err) => send(req.from, toFrame(req.id, err)));
  });
  await sub.subscribe(channelOf(self));

  return {
    self,
    remote: true,
    handle: (m, fn) => void handlers.set(m, fn),
    call(target, method, args, o = {}) {
      if (target === self) return runLocal(handlers, method, args);
      const id = crypto.randomUUID();
      return new Promise((resolve, reject) => {
        let timer = setTimeout(
          () => done(noOwner(`instance ${target} did not answer ${method} (is it running?)`)),
          o.ackMs ?? ACK_MS,
        );
        const done = (err: AppError | null, value?: unknown) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (err) reject(err);
          else resolve(value);
        };
        waiting.set(id, {
          acked() {
            clearTimeout(timer);
            timer = setTimeout(
              () => done(noOwner(`instance ${target} took too long to answer ${method}`)),
              o.timeoutMs ?? TIMEOUT_MS,
            );
          },
          settle: (f) => f.kind === "res" && (f.ok ? done(null, f.value) : done(fromFrame(f))),
        });
        // PUBLISH answers how many subscribers got it: none means the target is not running.
        pub.publish(channelOf(target), JSON.stringify({ kind: "req", id, from: self, method, args }))
          .then((n) => n === 0 && done(noOwner(`instance ${target} is not running`)))
          .catch((err) => done(noOwner(`redis: ${(err as Error).message}`)));
      });
    },
    async close() {
      for (const w of waiting.values()) w.settle(toFrame("", noOwner("instance shutting down")));
      sub.disconnect();
      pub.disconnect();
      await Promise.resolve();
    },
  };
}
