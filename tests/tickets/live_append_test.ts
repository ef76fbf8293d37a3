/**
 * The open conversation's cache against a read in flight: a socket message that arrives while the
 * conversation is being read (the first load, or a refetch after a reconnect) must still be on
 * screen when that read's older answer lands. Runs the web app's own cache code on a real
 * QueryClient with an observer, as the mounted conversation has.
 */
import { expect } from "expect";
import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { appendMessage } from "../../web/src/features/tickets/api/cache.ts";
import { ticketKeys } from "../../web/src/features/tickets/api/keys.ts";
import type { MessageDTO, MessagePage } from "@contract/messages.ts";

const msg = (id: number) => ({ id, body: `m${id}` }) as unknown as MessageDTO;
const page = (...ids: number[]): MessagePage =>
  ({ messages: ids.map(msg), count: ids.length, hasMore: false }) as unknown as MessagePage;

/** A conversation whose reads answer only when the test says so. */
function conversation() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const uuid = "u-1";
  const answers: Array<(p: MessagePage) => void> = [];
  const asked: Array<() => void> = [];
  const observer = new InfiniteQueryObserver(qc, {
    queryKey: ticketKeys.messages(uuid),
    queryFn: () =>
      new Promise<MessagePage>((resolve) => {
        answers.push(resolve);
        asked.shift()?.();
      }),
    initialPageParam: 1,
    getNextPageParam: () => undefined,
    staleTime: 0,
  });
  const off = observer.subscribe(() => {});
  const ids = () =>
    (observer.getCurrentResult().data?.pages ?? []).flatMap((p) => p.messages.map((m) => m.id));
  /** Waits until a read has been asked (one queued answer beyond `n`). */
  const readAsked = (n: number) =>
    answers.length > n ? Promise.resolve() : new Promise<void>((r) => asked.push(r));
  const settled = () =>
    new Promise<void>((r) => {
      if (qc.isFetching() === 0) return r();
      const un = qc.getQueryCache().subscribe(() => {
        if (qc.isFetching() === 0) {
          un();
          r();
        }
      });
    });
  return { qc, uuid, answers, ids, readAsked, settled, close: () => (off(), qc.clear()) };
}

Deno.test("a message that arrives during a refetch stays when the refetch's older answer lands", async () => {
  const c = conversation();
  await c.readAsked(0);
  c.answers[0](page(1));
  await c.settled();
  expect(c.ids()).toEqual([1]);

  // A reconnect reads the conversation again; the read started before message 2 was stored.
  void c.qc.invalidateQueries({ queryKey: ticketKeys.messages(c.uuid) });
  await c.readAsked(1);
  appendMessage(c.qc, c.uuid, msg(2));
  expect(c.ids()).toEqual([1, 2]);
  c.answers[1](page(1));
  await c.settled();
  expect(c.ids()).toEqual([1, 2]);
  c.close();
});

Deno.test("a message that arrives while the conversation is first loading is shown once it loads", async () => {
  const c = conversation();
  await c.readAsked(0);
  appendMessage(c.qc, c.uuid, msg(2));
  c.answers[0](page(1));
  await c.settled();
  expect(c.ids()).toEqual([1, 2]);
  c.close();
});

Deno.test("a message the answer already holds is not shown twice", async () => {
  const c = conversation();
  await c.readAsked(0);
  appendMessage(c.qc, c.uuid, msg(2));
  c.answers[0](page(1, 2));
  await c.settled();
  expect(c.ids()).toEqual([1, 2]);
  c.close();
});
