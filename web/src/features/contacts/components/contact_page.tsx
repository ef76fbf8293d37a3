/**
 * /contacts/{id}: the contact's card (number formatted for its country, e-mail, contact tags,
 * extra information), its conversations across tickets (resolved ones say when and by whom, each
 * with its own ticket tags, named apart from the contact's), and "start conversation".
 */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import {
  ArrowLeft,
  CheckCircle2,
  ContactRound,
  Mail,
  MessageSquarePlus,
  MessagesSquare,
  Pencil,
  Phone,
} from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError } from "../../../lib/toast.ts";
import { useContact } from "../api/contacts.ts";
import { useContactTickets } from "../api/contact_tickets.ts";
import { ContactModal } from "./contact_modal.tsx";
import { formatPhone } from "../../../lib/phone.ts";
import { NewTicketDialog } from "../../tickets/index.ts";
import { otherOpenTicket, useCreateTicket } from "../../tickets/index.ts";
import { fullDateTime } from "../../../lib/format.ts";
import { WaText } from "../../tickets/index.ts";
import { cut } from "../../../lib/format.ts";
import { TagChip } from "../../tags/index.ts";

export function ContactPage({ contactId }: { contactId: number }) {
  const { t } = useTranslation("inbox");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const contact = useContact(contactId);
  const tickets = useContactTickets(contactId);
  const create = useCreateTicket();
  const [editing, setEditing] = useState(false);
  const [starting, setStarting] = useState(false);

  if (contact.isPending) return <PageSpinner />;
  if (!contact.data) {
    return <EmptyState icon={<ContactRound />} title={t("contact.title")} description={t("contact.back")} />;
  }
  const c = contact.data;
  return (
    <div className="flex flex-col gap-5" data-testid="contact-page">
      <div>
        <Link to="/contacts" className="inline-flex items-center gap-1 text-sm text-ink-muted hover:text-ink">
          <ArrowLeft className="size-4" />
          {t("contact.back")}
        </Link>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,340px)_minmax(0,1fr)]">
        <Card className="flex flex-col">
          <div className="flex flex-col items-center gap-3 px-5 pt-6 pb-4 text-center">
            <Avatar src={c.urlPicture} name={c.name} size="lg" className="size-20 text-xl" />
            <div className="flex min-w-0 flex-col gap-1">
              <h1
                className="flex items-center justify-center gap-2 text-lg font-semibold text-ink"
                data-testid="contact-name"
              >
                {c.name}
                <ChannelIcon channel={c.channel} className="size-4" />
              </h1>
              {!c.active && <Badge tone="danger">{t("contacts:table.blocked")}</Badge>}
            </div>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => setStarting(true)} data-testid="contact-start">
                <MessageSquarePlus className="size-4" />
                {t("contact.start")}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(true)} data-testid="contact-edit">
                <Pencil className="size-4" />
                {t("contact.edit")}
              </Button>
            </div>
          </div>
          <dl className="flex flex-col gap-3 border-t border-line px-5 py-4 text-sm">
            <div className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-ink-subtle" />
              <dd className="tabular-nums text-ink" data-testid="contact-number">{formatPhone(c.number)}</dd>
            </div>
            {c.email && (
              <div className="flex items-center gap-2">
                <Mail className="size-4 shrink-0 text-ink-subtle" />
                <dd className="truncate text-ink">{c.email}</dd>
              </div>
            )}
          </dl>
          <section className="flex flex-col gap-2 border-t border-line px-5 py-4">
            <h2 className="text-[11px] font-semibold tracking-wider text-ink-subtle uppercase">
              {t("contact.tags")}
            </h2>
            {c.tags.length
              ? (
                <div className="flex flex-wrap gap-1.5" data-testid="contact-tags">
                  {c.tags.map((tag) => (
                    <span
                      key={tag.id}
                      className="rounded px-2 py-0.5 text-xs font-semibold text-white"
                      style={{ backgroundColor: tag.color }}
                    >
                      {tag.name}
                    </span>
                  ))}
                </div>
              )
              : <p className="text-sm text-ink-muted">{t("contact.noTags")}</p>}
          </section>
          <section className="flex flex-col gap-2 border-t border-line px-5 py-4">
            <h2 className="text-[11px] font-semibold tracking-wider text-ink-subtle uppercase">
              {t("contact.extraInfo")}
            </h2>
            {c.extraInfo.length
              ? (
                <dl className="flex flex-col gap-1.5 text-sm" data-testid="contact-extra">
                  {c.extraInfo.map((x, i) => (
                    <div key={x.id ?? i} className="flex justify-between gap-3">
                      <dt className="text-ink-muted">{x.name}</dt>
                      <dd className="min-w-0 truncate text-right text-ink">{x.value}</dd>
                    </div>
                  ))}
                </dl>
              )
              : <p className="text-sm text-ink-muted">{t("contact.noExtraInfo")}</p>}
          </section>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t("contact.conversations")}</CardTitle>
          </CardHeader>
          {tickets.isPending
            ? <PageSpinner />
            : !tickets.data?.length
            ? <EmptyState icon={<MessagesSquare />} title={t("contact.noConversations")} />
            : (
              <ul className="divide-y divide-line" data-testid="contact-tickets">
                {tickets.data.map((tk) => (
                  <li key={tk.id} data-testid={`contact-ticket-${tk.id}`}>
                    <Link
                      to={`/tickets/${tk.uuid}`}
                      className="flex flex-col gap-1 px-5 py-3 hover:bg-surface-2/70"
                    >
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="font-semibold text-ink">#{tk.number ?? tk.id}</span>
                        <Badge
                          tone={tk.status === "closed"
                            ? "success"
                            : tk.status === "pending"
                            ? "warning"
                            : "primary"}
                        >
                          {t(`contact.status.${tk.status}`)}
                        </Badge>
                        {tk.queue && (
                          <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
                            <span
                              className="size-1.5 rounded-full"
                              style={{ backgroundColor: tk.queue.color }}
                            />
                            {tk.queue.name}
                          </span>
                        )}
                        {tk.whatsapp && <span className="text-xs text-ink-subtle">· {tk.whatsapp.name}</span>}
                        <span className="ml-auto text-xs text-ink-subtle tabular-nums">
                          {fullDateTime(tk.updatedAt)}
                        </span>
                      </div>
                      <p className="truncate text-[13px] text-ink-muted">
                        <WaText text={cut(tk.lastMessage, 120)} />
                      </p>
                      {tk.tags.length > 0 && (
                        <p
                          className="flex flex-wrap items-center gap-1.5 text-xs text-ink-subtle"
                          data-testid={`contact-ticket-tags-${tk.id}`}
                        >
                          <span>{t("contact.ticketTags")}:</span>
                          {tk.tags.map((tag) => <TagChip key={tag.id} name={tag.name} color={tag.color} />)}
                        </p>
                      )}
                      <p className="flex flex-wrap items-center gap-x-3 text-xs text-ink-subtle">
                        <span>{t("contact.messages", { count: tk.messageCount })}</span>
                        {tk.status === "closed" && tk.closedAt && (
                          <span
                            className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300"
                            data-testid="contact-ticket-closed"
                          >
                            <CheckCircle2 className="size-3" />
                            {tk.closedBy
                              ? t("events.closed", { name: tk.closedBy.name })
                              : t("events.closedAuto")} · {fullDateTime(tk.closedAt)}
                          </span>
                        )}
                      </p>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
        </Card>
      </div>
      {editing && <ContactModal contactId={contactId} onClose={() => setEditing(false)} />}
      {starting && (
        <NewTicketDialog
          loading={create.isPending}
          contact={{ id: c.id, name: c.name, sub: formatPhone(c.number), picture: c.urlPicture }}
          onCancel={() => setStarting(false)}
          onConfirm={async (input) => {
            try {
              const ticket = await create.mutateAsync(input);
              navigate(`/tickets/${ticket.uuid}`);
            } catch (err) {
              const info = otherOpenTicket(err);
              if (info?.userId === me.id) navigate(`/tickets/${info.uuid}`);
              else toastError(err);
            }
          }}
        />
      )}
    </div>
  );
}
