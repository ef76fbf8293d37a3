/** Page-numbered lists (`pageNumber` from 1): the window to read and whether more follows. */
export function pageOf(pageNumber: number, size: number) {
  return {
    limit: size,
    offset: (pageNumber - 1) * size,
    /** True when rows remain after this page, given the total `count`. */
    hasMore: (count: number) => pageNumber * size < count,
  };
}
