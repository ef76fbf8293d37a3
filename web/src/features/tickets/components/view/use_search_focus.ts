/**
 * The conversation opened from a search result: `?msg=<id>&q=<search>` names the
 * matching message; the list scrolls to it (loading older pages until it is there) and marks it.
 */
import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { searchWords } from "../wa_text.tsx";

/** `visit`: the navigation's key, so opening the same result again scrolls again. */
export type SearchFocus = { messageId: number; words: string[]; visit: string };

/** The page budget: a match older than this many pages is left for the user to scroll to. */
const MAX_PAGES = 25;

export function useSearchFocus(): SearchFocus | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const id = Number(params.get("msg"));
  const q = params.get("q") ?? "";
  return Number.isInteger(id) && id > 0 ? { messageId: id, words: searchWords(q), visit: key } : null;
}

/** Scrolls the list to the focused message once it is loaded; asks for older pages meanwhile. */
export function useScrollToFocus(
  container: React.RefObject<HTMLDivElement | null>,
  focus: SearchFocus | null | undefined,
  messages: Message[],
  more: { hasMore: boolean; loadingMore: boolean; loadMore: () => void },
) {
  const done = useRef<string | null>(null);
  const pages = useRef(0);
  useEffect(() => {
    if (!focus || done.current === focus.visit || !messages.length) return;
    const present = messages.some((m) => m.id === focus.messageId);
    if (present) {
      // After the list's own bottom-anchoring layout effect.
      const id = requestAnimationFrame(() => {
        const el = container.current?.querySelector(`[data-testid="message-${focus.messageId}"]`);
        el?.scrollIntoView({ block: "center" });
        done.current = focus.visit;
      });
      return () => cancelAnimationFrame(id);
    }
    if (more.hasMore && !more.loadingMore && pages.current < MAX_PAGES) {
      pages.current++;
      more.loadMore();
    }
  }, [focus?.visit, messages, more.hasMore, more.loadingMore]); // eslint-disable-line react-hooks/exhaustive-deps
}
