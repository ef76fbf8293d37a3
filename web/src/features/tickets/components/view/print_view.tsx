import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { fullDateTime } from "../../../../lib/format.ts";
import { formatPhone } from "../../../../lib/phone.ts";

/** A print-styled copy of the conversation; window.print() turns it into a PDF. */
export function PrintView({ ticket, messages }: { ticket: Ticket; messages: Message[] }) {
  const { t } = useTranslation("tickets");
  return createPortal(
    <div id="print-root" data-testid="print-view">
      <h1>{ticket.contact?.name} — #{ticket.number ?? ticket.id}</h1>
      <p className="print-meta">
        {[ticket.queue?.name, ticket.user?.name, formatPhone(ticket.contact?.number)].filter(Boolean).join(
          " · ",
        )}
      </p>
      {messages.map((m) => (
        <div key={m.id} className={m.fromMe ? "print-msg print-mine" : "print-msg"}>
          <p className="print-who">
            {m.isPrivate
              ? `${t("message.private")} · ${m.user?.name ?? ""}`
              : m.fromMe
              ? m.user?.name ?? t("message.you")
              : m.contact?.name ?? ticket.contact?.name}
            {" · "}
            {fullDateTime(m.createdAt)}
          </p>
          <p>{m.body || m.mediaName || `[${m.mediaType}]`}</p>
        </div>
      ))}
    </div>,
    document.body,
  );
}
