import type { QueryClient } from "@tanstack/react-query";

/**
 * The socket's first `ready` of a page load: every query read before that moment (or still being
 * read then) may have missed an event published while the socket was connecting, so it is read
 * again — active ones now, the others when next shown. Queries read after it are left alone: the
 * socket has been patching them. A refetch keeps the data until the answer is in and, through
 * structural sharing, keeps every unchanged object: the open conversation, its scroll and the
 * lists' rows stay as they are.
 */
export function refetchReadBefore(qc: QueryClient, since: number): Promise<void> {
  return qc.invalidateQueries({
    predicate: (q) =>
      q.state.fetchStatus === "fetching" || (q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt <= since),
  });
}
