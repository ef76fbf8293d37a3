import { type UIEvent, useState } from "react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useDebouncedValue } from "./use_debounce.ts";

/** How close (px) to the bottom of the scroll box the next page is requested. */
export const SCROLL_THRESHOLD_PX = 100;

/** A page of a paginated list endpoint: its rows under some key, plus the total. */
export type CountedPage = { count: number };

/**
 * A searchable, infinitely scrolled list: the search box's text, its 500 ms debounced value that
 * feeds `useQuery`, the rows of every loaded page, the total, and an `onScroll` for the scroll box
 * that fetches the next page within 100 px of the bottom.
 */
export function useInfiniteList<TPage extends CountedPage, TItem>(
  useQuery: (search: string) => UseInfiniteQueryResult<InfiniteData<TPage>>,
  rowsOf: (page: TPage) => TItem[],
) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const query = useQuery(debounced);
  const items = query.data?.pages.flatMap(rowsOf) ?? [];
  const count = query.data?.pages[0]?.count;

  const onScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX && query.hasNextPage &&
      !query.isFetchingNextPage
    ) {
      query.fetchNextPage();
    }
  };

  return {
    search,
    setSearch,
    /** The trimmed, debounced search the query ran with ("" when not searching). */
    debounced,
    query,
    items,
    count,
    onScroll,
    /** The rows and loading/error flags a `DataTable` takes. */
    table: {
      rows: items,
      loading: query.isPending,
      loadingMore: query.isFetchingNextPage,
      error: query.isError,
    },
  };
}
