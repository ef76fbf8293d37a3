import { createContext, type ReactNode, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, Mail, Pencil, Phone, ShieldCheck, X } from "lucide-react";
import { Avatar } from "../../../../components/ui/avatar.tsx";
import { Badge } from "../../../../components/ui/badge.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Switch } from "../../../../components/ui/switch.tsx";
import { toastError, toastSuccess } from "../../../../lib/toast.ts";
import { ticketKeys } from "../../api/keys.ts";
import { setAcceptAudio, setContactBlocked, useContactDetail } from "../../api/lookups.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { ContactNotes } from "./contact_notes.tsx";
import { BotToggle } from "./bot_toggle.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { planAllows } from "../../../../lib/permissions.ts";
import { formatPhone } from "../../../../lib/phone.ts";
import { ContactTagsBox, KanbanStageSelect, TicketTagsBox } from "../../../tags/index.ts";

/** The contact add/edit dialog comes from the contacts feature, handed in by the route. */
export type ContactEditor = (p: { contactId: number; onClose: () => void; onSaved: () => void }) => ReactNode;
export const ContactEditorContext = createContext<ContactEditor | null>(null);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2.5 border-t border-line px-5 py-4">
      <h3 className="text-[11px] font-semibold tracking-wider text-ink-subtle uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The right-hand panel: who the contact is, and what we know about them. */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation("tickets");
  const { t: tt } = useTranslation("tags");
  const me = useCurrentUser();
  const qc = useQueryClient();
  const contactId = ticket.contactId;
  const detail = useContactDetail(contactId);
  const editor = useContext(ContactEditorContext);
  const [editing, setEditing] = useState(false);
  const c = detail.data ?? (ticket.contact ? { ...ticket.contact, extraInfo: [] } : null);
  if (!c) return null;
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ticketKeys.contact(contactId) });
    qc.invalidateQueries({ queryKey: ticketKeys.details() });
  };
  const toggleBlock = async () => {
    try {
      await setContactBlocked(contactId, c.active);
      toastSuccess(c.active ? t("toasts.contactBlocked") : t("toasts.contactUnblocked"));
      refresh();
    } catch (err) {
      toastError(err);
    }
  };
  const toggleAudio = async (on: boolean) => {
    try {
      await setAcceptAudio(contactId, on);
      refresh();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <aside
      className="absolute inset-y-0 right-0 z-20 flex w-[min(340px,100%)] flex-col border-l border-line bg-surface shadow-2xl @min-[940px]:static @min-[940px]:shadow-none"
      data-testid="contact-drawer"
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-5">
        <h2 className="text-[15px] font-semibold text-ink">{t("drawer.title")}</h2>
        <Button variant="ghost" size="icon-sm" aria-label={t("common:actions.close")} onClick={onClose}>
          <X className="size-4" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="flex flex-col items-center gap-2 px-5 py-6 text-center">
          <Avatar src={c.urlPicture} name={c.name} size="xl" />
          <p className="text-base font-semibold text-ink" data-testid="drawer-name">{c.name}</p>
          {!c.active && <Badge tone="danger">{t("drawer.blocked")}</Badge>}
          <div className="flex flex-col items-center gap-1 text-sm text-ink-muted">
            <span className="flex items-center gap-1.5">
              <Phone className="size-3.5" />
              <span className="tabular-nums" data-testid="drawer-number">{formatPhone(c.number)}</span>
            </span>
            {c.email && (
              <span className="flex items-center gap-1.5">
                <Mail className="size-3.5" />
                {c.email}
              </span>
            )}
          </div>
          <div className="mt-2 flex gap-2">
            {editor && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setEditing(true)}
                data-testid="drawer-edit"
              >
                <Pencil className="size-3.5" />
                {t("drawer.edit")}
              </Button>
            )}
            <Button
              size="sm"
              variant={c.active ? "secondary" : "primary"}
              onClick={toggleBlock}
              data-testid="drawer-block"
              className={c.active ? "text-danger" : undefined}
            >
              {c.active ? <Ban className="size-3.5" /> : <ShieldCheck className="size-3.5" />}
              {c.active ? t("drawer.block") : t("drawer.unblock")}
            </Button>
          </div>
        </div>
        <Section title={t("drawer.preferences")}>
          <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-ink">
            {t("drawer.acceptAudio")}
            <Switch
              checked={c.acceptAudioMessage}
              onCheckedChange={toggleAudio}
              data-testid="drawer-accept-audio"
            />
          </label>
          <BotToggle contactId={contactId} disableBot={c.disableBot} onChanged={refresh} />
        </Section>
        <Section title={tt("picker.ticketTags")}>
          <TicketTagsBox ticket={ticket} />
        </Section>
        <Section title={tt("picker.contactTags")}>
          <ContactTagsBox contactId={contactId} tags={c.tags ?? []} />
        </Section>
        {planAllows(me, "useKanban") && (
          <Section title={tt("picker.kanbanStage")}>
            <KanbanStageSelect ticket={ticket} />
          </Section>
        )}
        <Section title={t("drawer.notes")}>
          <ContactNotes ticketId={ticket.id} contactId={contactId} />
        </Section>
        <Section title={t("drawer.extraInfo")}>
          {c.extraInfo.length
            ? (
              <dl className="flex flex-col gap-2">
                {c.extraInfo.map((x, i) => (
                  <div key={x.id ?? i} className="rounded-lg bg-surface-2 px-3 py-2">
                    <dt className="text-[11px] font-medium text-ink-subtle">{x.name}</dt>
                    <dd className="text-sm break-words text-ink">{x.value}</dd>
                  </div>
                ))}
              </dl>
            )
            : <p className="text-xs text-ink-subtle">{t("drawer.noExtraInfo")}</p>}
        </Section>
      </div>
      {editing && editor?.({ contactId, onClose: () => setEditing(false), onSaved: refresh })}
    </aside>
  );
}
