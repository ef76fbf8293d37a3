/**
 * Typing both ways on webchat conversations: the attendant's composer tells the
 * visitor (a `typing` frame on the staff socket, at most every 3 s; Telegram customers get the
 * frame as a chat action), and the visitor's typing shows under the messages (`company-{id}-typing`).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { realtime, useRealtimeEvent } from "../../lib/realtime.ts";
import { useCurrentUser } from "../../lib/auth.tsx";

const RESEND_MS = 3000;
/** Channels whose customers see the attendant typing (Telegram through its chat action). */
const TYPING_CHANNELS = new Set(["webchat", "telegram"]);
const SHOW_MS = 6000;

/** Returns a callback for the composer's input; it does nothing for other channels. */
export function useTypingSignal(ticket: { id: number; channel: string }) {
  const last = useRef(0);
  return useCallback(() => {
    if (!TYPING_CHANNELS.has(ticket.channel)) return;
    const now = Date.now();
    if (now - last.current < RESEND_MS) return;
    last.current = now;
    realtime.send({ type: "typing", ticketId: ticket.id, typing: true });
  }, [ticket.id, ticket.channel]);
}

/** "Visitor is typing…" under a webchat conversation while the visitor types. */
export function VisitorTyping({ ticket }: { ticket: { id: number; channel: string } }) {
  const { t } = useTranslation("webchat");
  const user = useCurrentUser();
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useRealtimeEvent(
    ticket.channel === "webchat" ? `company-${user.companyId}-typing` : null,
    (data: { ticketId?: number; typing?: boolean }) => {
      if (data?.ticketId !== ticket.id) return;
      clearTimeout(timer.current);
      setTyping(!!data.typing);
      if (data.typing) timer.current = setTimeout(() => setTyping(false), SHOW_MS);
    },
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setTyping(false), [ticket.id]);
  if (!typing) return null;
  return (
    <div className="px-4 pb-1 text-xs italic text-ink-subtle" data-testid="visitor-typing" aria-live="polite">
      {t("typing")}
    </div>
  );
}
