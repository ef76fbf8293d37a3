/**
 * Every ticket transition (spec 1 §4) in one place: the list, the header and the narrow layout
 * call these; the dialogs they need (accept with queue, resolve, transfer, new ticket, log,
 * 'already open') live here too.
 */
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useQueueOptions } from "../../../lib/lookups.ts";
import {
  type OpenTicketInfo,
  otherOpenTicket,
  type TicketUpdate,
  useCreateTicket,
  useDeleteTicket,
  useUpdateTicket,
} from "../api/update_ticket.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { AcceptDialog } from "./dialogs/accept_dialog.tsx";
import { AlreadyOpenDialog } from "./dialogs/already_open_dialog.tsx";
import { CloseDialog } from "./dialogs/close_dialog.tsx";
import { NewTicketDialog } from "./dialogs/new_ticket_dialog.tsx";
import { TicketLogDialog } from "./dialogs/ticket_log_dialog.tsx";
import { TransferDialog } from "./dialogs/transfer_dialog.tsx";

type Flows = {
  accept: (t: Ticket) => void;
  returnToQueue: (t: Ticket) => void;
  resolve: (t: Ticket) => void;
  ignore: (t: Ticket) => void;
  reopen: (t: Ticket) => void;
  transfer: (t: Ticket) => void;
  /** A waiting ticket moved to another queue (still waiting): the AI's suggested queue, applied by a click. */
  moveToQueue: (t: Ticket, queueId: number) => Promise<void>;
  remove: (t: Ticket) => void;
  showLog: (t: Ticket) => void;
  /** The conversation's integration switch: off ends its bot; on gives it to its queue's or connection's. */
  toggleIntegration: (t: Ticket) => void;
  newTicket: () => void;
  busy: boolean;
};

type Open =
  | { kind: "accept" | "resolve" | "transfer" | "delete" | "log"; ticket: Ticket }
  | { kind: "new" }
  | { kind: "alreadyOpen"; info: OpenTicketInfo }
  | null;

const FlowsContext = createContext<Flows | null>(null);

export function useTicketFlows(): Flows {
  const ctx = useContext(FlowsContext);
  if (!ctx) throw new Error("useTicketFlows outside TicketFlowsProvider");
  return ctx;
}

/** A group ticket on a connection that does not treat groups as tickets is accepted as 'group'. */
const workingStatus = (t: Ticket) =>
  t.isGroup && t.whatsapp?.groupAsTicket !== "enabled" ? "group" as const : "open" as const;

export function TicketFlowsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const create = useCreateTicket();
  const del = useDeleteTicket();
  const allQueues = useQueueOptions();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  /** PUT, then follow the answer: the same ticket, another one of mine, or someone else's. */
  const run = async (ticket: Ticket, data: TicketUpdate, done?: string, go: "ticket" | "list" = "ticket") => {
    try {
      const result = await update.mutateAsync({ id: ticket.id, data });
      setOpen(null);
      if (result.id !== ticket.id && result.userId && result.userId !== me.id) {
        setOpen({
          kind: "alreadyOpen",
          info: {
            userId: result.userId,
            user: result.user,
            queue: result.queue,
            uuid: result.uuid,
            status: result.status,
          },
        });
        return;
      }
      if (done) toastSuccess(done);
      navigate(go === "list" ? "/tickets" : `/tickets/${result.uuid}`);
    } catch (err) {
      toastError(err);
    }
  };

  const flows = useMemo<Flows>(() => ({
    accept: (ticket) => {
      if (!ticket.queueId) setOpen({ kind: "accept", ticket });
      else run(ticket, { status: workingStatus(ticket), userId: me.id, queueId: ticket.queueId });
    },
    returnToQueue: (ticket) => run(ticket, { status: "pending", userId: null }, t("toasts.returned"), "list"),
    resolve: (ticket) => setOpen({ kind: "resolve", ticket }),
    ignore: (ticket) =>
      run(
        ticket,
        { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 },
        t("toasts.ignored"),
        "list",
      ),
    reopen: (ticket) =>
      run(ticket, { status: workingStatus(ticket), userId: me.id, queueId: ticket.queueId }),
    transfer: (ticket) => setOpen({ kind: "transfer", ticket }),
    moveToQueue: (ticket, queueId) => {
      // Moved out of the user's sight (a queue not theirs), the list follows instead of the ticket.
      const stays = isAdmin(me) || me.allTicket === "enabled" || !!me.queues?.some((q) => q.id === queueId);
      return run(ticket, { queueId }, t("toasts.queueMoved"), stays ? "ticket" : "list");
    },
    remove: (ticket) => setOpen({ kind: "delete", ticket }),
    showLog: (ticket) => setOpen({ kind: "log", ticket }),
    toggleIntegration: (ticket) =>
      run(
        ticket,
        { useIntegration: !ticket.useIntegration },
        t(ticket.useIntegration ? "toasts.integrationOff" : "toasts.integrationOn"),
      ),
    newTicket: () => setOpen({ kind: "new" }),
    busy: update.isPending,
  }), [me, update.isPending, t]);

  const acceptQueues = isAdmin(me) ? allQueues.data ?? [] : me.queues ?? [];

  return (
    <FlowsContext.Provider value={flows}>
      {children}
      {open?.kind === "accept" && (
        <AcceptDialog
          ticket={open.ticket}
          queues={acceptQueues}
          loading={update.isPending}
          onCancel={close}
          onConfirm={(queueId) =>
            run(open.ticket, { status: workingStatus(open.ticket), userId: me.id, queueId })}
        />
      )}
      {open?.kind === "resolve" && (
        <CloseDialog
          loading={update.isPending}
          onCancel={close}
          onConfirm={(farewell) =>
            run(
              open.ticket,
              { status: "closed", userId: me.id, sendFarewellMessage: farewell },
              t("toasts.resolved"),
              "list",
            )}
        />
      )}
      {open?.kind === "transfer" && (
        <TransferDialog
          ticket={open.ticket}
          loading={update.isPending}
          onCancel={close}
          onConfirm={({ queueId, userId, message }) =>
            run(
              open.ticket,
              {
                queueId,
                userId,
                status: userId ? workingStatus(open.ticket) : "pending",
                msgTransfer: message || undefined,
                isTransfered: true,
              },
              t("toasts.transferred"),
              userId === me.id ? "ticket" : "list",
            )}
        />
      )}
      {open?.kind === "log" && <TicketLogDialog ticketId={open.ticket.id} onClose={close} />}
      {open?.kind === "alreadyOpen" && <AlreadyOpenDialog info={open.info} onClose={close} />}
      {open?.kind === "new" && (
        <NewTicketDialog
          loading={create.isPending}
          onCancel={close}
          onConfirm={async (input) => {
            try {
              const ticket = await create.mutateAsync(input);
              setOpen(null);
              navigate(`/tickets/${ticket.uuid}`);
            } catch (err) {
              const info = otherOpenTicket(err);
              if (!info) return toastError(err);
              if (info.userId === me.id) {
                setOpen(null);
                navigate(`/tickets/${info.uuid}`);
              } else setOpen({ kind: "alreadyOpen", info });
            }
          }}
        />
      )}
      <ConfirmDialog
        open={open?.kind === "delete"}
        onOpenChange={(o) => !o && close()}
        title={t("delete.title")}
        description={t("delete.message")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        loading={del.isPending}
        onConfirm={async () => {
          if (open?.kind !== "delete") return;
          try {
            await del.mutateAsync(open.ticket.id);
            toastSuccess(t("toasts.deleted"));
            setOpen(null);
            navigate("/tickets");
          } catch (err) {
            toastError(err);
          }
        }}
      />
    </FlowsContext.Provider>
  );
}
