/**
 * What GET /api/tickets' predicate depends on. Apart from list_where.ts (which re-exports it) so the
 * predicate's parts — visibility and filters (list_scope.ts), search (list_search.ts) — take it
 * without importing the module that assembles them.
 */
import type { TicketStatus } from "@db/schema.ts";
import type { Viewer } from "./policy.ts";

/** What a search matches (searchTerms(), list_search.ts). */
export type SearchTerms = {
  contactFts: string | null;
  /** Digits to find anywhere in the contact's number (number-like input, 3 digits or more). */
  numberDigits: string | null;
  messageFts: string | null;
  /** messageFts' words, quoted, unstarred: each is whole or prefix (see newestMessageMatches). */
  messageWords: string[];
};

/** Everything the predicate depends on, resolved from the actor, the settings and the query. */
export type ListCriteria = {
  companyId: number;
  viewer: Viewer;
  /** showAll asked for *and* allowed (admin, or allUserChat enabled). */
  showAll: boolean;
  mode:
    | { kind: "unread"; showPending: boolean }
    | { kind: "search" } & SearchTerms
    | { kind: "status"; status?: TicketStatus };
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsapps?: number[];
  statusFilter?: TicketStatus[];
  /** Half-open [from, to) range of updated_at, ISO UTC. */
  updatedFrom?: string;
  updatedTo?: string;
  /**
   * Message search reads only the newest `messageWindow` FTS matches (by rowid: messages.id grows
   * with time); default MESSAGE_SEARCH_WINDOW. `searchCtes` makes search read the matching
   * contacts and messages from the `contact_hits` / `message_hits` CTEs (see searchCtes()) instead
   * of inline subqueries, so a statement computes them once and can count them.
   */
  messageWindow?: number;
  searchCtes?: boolean;
};
