/**
 * Pure cache patches shared by mutations and socket events: a ticket moves between the tab lists
 * (counts follow), a message is appended to its open conversation.
 */
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import { ticketKeys } from "./keys.ts";
import { isPatchable } from "./list_tickets.ts";
import type { MessageDTO as Message, MessagePage } from "@contract/messages.ts";
import type { ListedTicket as Ticket, TicketPage } from "@contract/tickets.ts";
import type { ListFilters } from "./list_filters.ts";

type Lists = InfiniteData<TicketPage, number>;
type Messages = InfiniteData<MessagePage, number>;

/** Whether a ticket belongs to a tab list (the server already filtered what the viewer may see). */
export function belongsTo(f: ListFilters, t: Ticket, meId: number): boolean {
  if (f.queueIds.length && t.queueId != null && !f.queueIds.includes(t.queueId)) return false;
  switch (f.tab) {
    case "open":
      return t.status === "open" && (f.showAll || t.userId === meId);
    case "pending":
      return (t.status === "pending" || (f.showAll && t.status === "lgpd")) &&
        (f.showAll || t.userId == null || t.userId === meId);
    case "group":
      return t.status === "group";
    case "closed":
      return t.status === "closed";
    default:
      return false;
  }
}

function patchList(data: Lists, f: ListFilters, t: Ticket, meId: number): Lists {
  const present = data.pages.some((p) => p.tickets.some((x) => x.id === t.id));
  const should = belongsTo(f, t, meId);
  if (!present && !should) return data;
  let pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((x) => x.id !== t.id) }));
  if (present && !should) {
    return { ...data, pages: pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1) })) };
  }
  if (present) {
    const old = data.pages.flatMap((p) => p.tickets).find((x) => x.id === t.id)!;
    if (f.sortTickets === "ASC" || old.updatedAt === t.updatedAt) {
      // Same place: only the content changes.
      pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.map((x) => (x.id === t.id ? t : x)) }));
      return { ...data, pages };
    }
  }
  if (!present) pages = pages.map((p) => ({ ...p, count: p.count + 1 }));
  if (f.sortTickets === "DESC") pages[0] = { ...pages[0], tickets: [t, ...pages[0].tickets] };
  else if (!pages[pages.length - 1].hasMore) {
    const last = pages.length - 1;
    pages[last] = { ...pages[last], tickets: [...pages[last].tickets, t] };
  }
  return { ...data, pages };
}

function listFilters(key: QueryKey): ListFilters | null {
  const f = key[2];
  return f && typeof f === "object" ? (f as ListFilters) : null;
}

/** A ticket changed (socket or our own mutation): every list and the open detail follow. */
export function applyTicket(qc: QueryClient, t: Ticket, meId: number) {
  for (const [key, data] of qc.getQueriesData<Lists>({ queryKey: ticketKeys.lists() })) {
    const f = listFilters(key);
    if (!f || !data) continue;
    if (f.tab === "search") {
      // An event's ticket has no searchMatch: the result keeps the message it was found by.
      const patch = (x: Ticket) => (x.id === t.id ? { ...t, searchMatch: x.searchMatch } : x);
      qc.setQueryData<Lists>(key, {
        ...data,
        pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map(patch) })),
      });
    } else if (!isPatchable(f)) qc.invalidateQueries({ queryKey: key, exact: true });
    else qc.setQueryData<Lists>(key, patchList(data, f, t, meId));
  }
  qc.setQueriesData<Ticket>({ queryKey: ticketKeys.details() }, (d) => (d && d.id === t.id ? t : d));
}

export function removeTicket(qc: QueryClient, id: number) {
  qc.setQueriesData<Lists>({ queryKey: ticketKeys.lists() }, (data) => {
    if (!data || !data.pages.some((p) => p.tickets.some((x) => x.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        count: Math.max(0, p.count - 1),
        tickets: p.tickets.filter((x) => x.id !== id),
      })),
    };
  });
  qc.invalidateQueries({ queryKey: ticketKeys.unread() });
}

/**
 * Appends a new message to its conversation (once: our own send and its socket echo meet here).
 * A read of the conversation in flight may have started before the message was stored; its answer
 * would replace the append (or the first page is still loading), so the append is made again once
 * that answer is in.
 */
export function appendMessage(qc: QueryClient, uuid: string, m: Message) {
  const key = ticketKeys.messages(uuid);
  const add = () =>
    qc.setQueryData<Messages>(key, (data) => {
      if (!data || data.pages.some((p) => p.messages.some((x) => x.id === m.id))) return data;
      const pages = [...data.pages];
      pages[0] = { ...pages[0], messages: [...pages[0].messages, m], count: pages[0].count + 1 };
      return { ...data, pages };
    });
  add();
  const cache = qc.getQueryCache();
  const q = cache.find({ queryKey: key, exact: true });
  if (q?.state.fetchStatus !== "fetching") return;
  const off = cache.subscribe((e) => {
    if (e.query !== q) return;
    if (e.type === "removed") return off();
    if (q.state.fetchStatus !== "idle") return;
    off();
    add();
  });
}

/**
 * A socket frame carries a long body as its preview: an update (an ack) of a message whose whole
 * text is already here keeps that text rather than falling back to the preview.
 */
function keepWholeBody(old: Message, m: Message): Message {
  if (!m.bodyTruncated || old.bodyTruncated || !old.body.startsWith(m.body)) return m;
  return { ...m, body: old.body, bodyTruncated: false };
}

/** An ack, an edit or a delete: the message is replaced wherever it is shown. */
export function replaceMessage(qc: QueryClient, m: Message) {
  qc.setQueriesData<Messages>({ queryKey: [...ticketKeys.all, "messages"] }, (data) => {
    if (!data || !data.pages.some((p) => p.messages.some((x) => x.id === m.id))) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        messages: p.messages.map((x) => (x.id === m.id ? keepWholeBody(x, m) : x)),
      })),
    };
  });
}
