import { useTranslation } from "react-i18next";
import { Check, CheckCheck, Clock3, Headphones } from "lucide-react";
import { cn } from "../../../../lib/utils.ts";

/** 0 clock, 1 sent, 2 delivered, 3-4 read (4 is 'played' for audio), 5 played. */
export function AckIcon({ ack, audio, className }: { ack: number; audio?: boolean; className?: string }) {
  const { t } = useTranslation("tickets");
  const base = cn("inline size-3.5 shrink-0", className);
  const played = ack >= 5 || (ack === 4 && audio);
  if (played) {
    return <Headphones data-ack={ack} aria-label={t("ack.played")} className={cn(base, "text-sky-500")} />;
  }
  if (ack >= 3) {
    return <CheckCheck data-ack={ack} aria-label={t("ack.read")} className={cn(base, "text-sky-500")} />;
  }
  if (ack === 2) {
    return <CheckCheck data-ack={ack} aria-label={t("ack.delivered")} className={cn(base, "opacity-60")} />;
  }
  if (ack === 1) {
    return <Check data-ack={ack} aria-label={t("ack.sent")} className={cn(base, "opacity-60")} />;
  }
  return <Clock3 data-ack={ack} aria-label={t("ack.pending")} className={cn(base, "opacity-60")} />;
}
