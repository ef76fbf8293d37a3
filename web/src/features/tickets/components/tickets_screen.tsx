import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { MessagesSquare } from "lucide-react";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useMediaQuery } from "../../../lib/use_media_query.ts";
import { cn } from "../../../lib/utils.ts";
import { useSaveListWidth } from "../api/lookups.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { type ContactEditor, ContactEditorContext } from "./drawer/contact_drawer.tsx";
import { TicketListPanel } from "./list/ticket_list_panel.tsx";
import { PANEL_DEFAULT, ResizablePanel } from "./resizable_panel.tsx";
import { TicketFlowsProvider, useTicketFlows } from "./ticket_flows.tsx";
import { TicketView } from "./view/ticket_view.tsx";
import { useNarrow } from "../../../lib/use_narrow.ts";

/**
 * List + conversation + contact drawer need about 1400 px beside the menu (400 + 660 + 340). With
 * less, opening the drawer folds the list away until the drawer closes, so the conversation and
 * its composer keep their width instead of being squeezed between the two.
 */
const ROOM_FOR_ALL = 1400;
import { FirstSteps } from "./first_steps.tsx";

function Welcome() {
  const { t } = useTranslation("tickets");
  return (
    <div
      className="chat-backdrop flex h-full flex-col items-center justify-center gap-4 px-8 text-center"
      data-testid="tickets-welcome"
    >
      <div className="flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary-strong shadow-sm">
        <MessagesSquare className="size-10" />
      </div>
      <div className="flex max-w-sm flex-col gap-1.5">
        <h2 className="text-xl font-semibold tracking-tight text-ink">{t("welcome.title")}</h2>
        <p className="text-sm text-ink-muted">{t("welcome.description")}</p>
      </div>
      <FirstSteps />
    </div>
  );
}

function Screen({ ticketId }: { ticketId?: string }) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const flows = useTicketFlows();
  const wide = useMediaQuery("(min-width: 768px)");
  const saveWidth = useSaveListWidth(me.id);
  const [tab, setTab] = useState<"ticket" | "list">(ticketId ? "ticket" : "list");
  useEffect(() => setTab(ticketId ? "ticket" : "list"), [ticketId]);
  const selectedId = ticketId && /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const [selected, setSelected] = useState<number | null>(selectedId);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { ref: root, narrow: cramped } = useNarrow<HTMLDivElement>(ROOM_FOR_ALL);
  const foldList = wide && drawerOpen && cramped;
  const open = useCallback((ticket: Ticket, query = "") => {
    setSelected(ticket.id);
    // On a phone, opening the ticket already open must still show it (its id does not change).
    setTab("ticket");
    navigate(`/tickets/${ticket.uuid}${query}`);
  }, [navigate]);
  const back = () => navigate("/tickets");
  useEffect(() => {
    if (!ticketId) setSelected(null);
  }, [ticketId]);

  const list = (
    <TicketListPanel
      selectedId={selected}
      onOpen={open}
      onAccept={flows.accept}
      onNewTicket={flows.newTicket}
    />
  );
  const view = ticketId
    ? (
      <TicketView
        key={ticketId}
        idOrUuid={ticketId}
        onBack={back}
        onDrawerChange={setDrawerOpen}
        shown={wide || tab === "ticket"}
      />
    )
    : <Welcome />;

  // One tree for both layouts: a resize across 768 px only restyles it. The list (search, tab,
  // filters, scroll) and the open conversation (its pages, its scroll, a search result's focus) stay
  // mounted; before, each layout had its own tree and every switch remounted both, so the list lost
  // its search and the conversation loaded its way back to the match again.
  return (
    <div
      ref={root}
      className={cn("flex h-full min-h-0", !wide && "flex-col")}
      data-testid="page-tickets"
      data-list-folded={foldList || undefined}
    >
      {!wide && (
        <div className="grid shrink-0 grid-cols-2 border-b border-line bg-surface" role="tablist">
          {(["ticket", "list"] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              data-testid={`tickets-narrow-${k}`}
              onClick={() => setTab(k)}
              className={cn(
                "-mb-px cursor-pointer border-b-2 py-2.5 text-sm font-medium",
                tab === k ? "border-primary text-ink" : "border-transparent text-ink-muted",
              )}
            >
              {k === "ticket" ? t("narrow.ticket") : t("narrow.list")}
            </button>
          ))}
        </div>
      )}
      {
        /* Wide: list and conversation side by side. Narrow: stacked, the other tab invisible (not
          display:none, so its scroll position and layout are kept). */
      }
      <div className={wide ? "contents" : "relative min-h-0 flex-1"}>
        {/* Folded: hidden, not unmounted; the list keeps its tab, filters and scroll. */}
        <div
          className={cn(
            wide ? "contents" : "absolute inset-0",
            foldList && "hidden",
            !wide && tab !== "list" && "invisible",
          )}
        >
          <ResizablePanel
            initial={me.defaultTicketsManagerWidth ?? PANEL_DEFAULT}
            onResized={(w) => saveWidth.mutate(w)}
            fill={!wide}
          >
            {list}
          </ResizablePanel>
        </div>
        <div
          className={cn(
            wide ? "min-w-0 flex-1" : "absolute inset-0",
            !wide && tab !== "ticket" && "invisible",
          )}
        >
          {view}
        </div>
      </div>
    </div>
  );
}

/** /tickets and /tickets/{id|uuid}: the list beside the conversation, or two tabs on narrow screens. */
export function TicketsScreen(
  { ticketId, contactEditor }: { ticketId?: string; contactEditor?: ContactEditor },
) {
  return (
    <ContactEditorContext.Provider value={contactEditor ?? null}>
      <TicketFlowsProvider>
        <Screen ticketId={ticketId} />
      </TicketFlowsProvider>
    </ContactEditorContext.Provider>
  );
}
