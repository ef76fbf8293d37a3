/**
 * Carries hub envelopes between instances. Without REDIS_URL everything stays in-process;
 * with it, every instance publishes to one Redis channel and delivers what it receives
 * (including its own messages, so delivery happens exactly once per instance).
 */
import { redisClient } from "../lib/redis_client.ts";
import type { Envelope } from "./envelope.ts";

export type Broker = {
  publish(env: Envelope): Promise<void>;
  subscribe(fn: (env: Envelope) => void): void;
  close(): Promise<void>;
};

export function localBroker(): Broker {
  const subs: ((env: Envelope) => void)[] = [];
  return {
    publish(env) {
      for (const s of subs) s(env);
      return Promise.resolve();
    },
    subscribe: (fn) => void subs.push(fn),
    close: () => Promise.resolve(),
  };
}

const CHANNEL = "atende:hub";

export async function redisBroker(url: string): Promise<Broker> {
  const pub = await redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = await redisClient(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  const subs: ((env: Envelope) => void)[] = [];
  sub.on("message", (_channel: string, raw: string) => {
    let env: Envelope;
    try {
      env = JSON.parse(raw);
    } catch {
      return;
    }
    for (const s of subs) s(env);
  });
  await sub.subscribe(CHANNEL);
  return {
    async publish(env) {
      await pub.publish(CHANNEL, JSON.stringify(env));
    },
    subscribe: (fn) => void subs.push(fn),
    async close() {
      sub.disconnect();
      pub.disconnect();
      await Promise.resolve();
    },
  };
}
