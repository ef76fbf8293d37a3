import type { Query, QueryClient } from "@tanstack/react-query";

/**
 * The socket's first `ready` of a page load: every query read before that moment may have missed an
 * event published while the socket was connecting, so it is read again — active ones now, the others
 * when next shown. One still being read then (asked before `ready`) is read again once its answer is
 * in, rather than cancelled and asked anew. Queries first read after `ready` are left alone: the
 * socket has been patching them. A refetch keeps the data until the answer is in and, through
 * structural sharing, every unchanged object: the open conversation, its scroll and the lists' rows
 * stay as they are.
 */
export function refetchReadBefore(qc: QueryClient, since: number): void {
  const cache = qc.getQueryCache();
  const inFlight = new Set<Query>(cache.findAll({ fetchStatus: "fetching" }));
  void qc.invalidateQueries({
    predicate: (q) => !inFlight.has(q) && q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt <= since,
  });
  if (!inFlight.size) return;
  const off = cache.subscribe((e) => {
    const q = e.query as Query;
    if (!inFlight.has(q)) return;
    if (e.type !== "removed" && q.state.fetchStatus !== "idle") return;
    inFlight.delete(q);
    if (!inFlight.size) off();
    if (e.type !== "removed") {
      queueMicrotask(() => void qc.invalidateQueries({ queryKey: q.queryKey, exact: true }));
    }
  });
}
