import { Mail, MessageCircle, Webhook } from "lucide-react";
import { cn } from "../../lib/utils.ts";

const PATHS: Record<string, { color: string; d: string }> = {
  whatsapp: {
    color: "#25D366",
    d: "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.2c-.2.6-1.3 1.2-1.8 1.3-.5.1-1 .1-3.3-.8a11.7 11.7 0 0 1-4.5-4c-.3-.5-1-1.6-1-3s.8-2.1 1-2.4c.3-.3.6-.4.8-.4h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.4.6-.4.4c-.1.2-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.4 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l2 1c.3.1.5.2.5.3.1.2.1.7-.1 1.2Z",
  },
  whatsappapi: {
    color: "#128C7E",
    d: "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.2c-.2.6-1.3 1.2-1.8 1.3-.5.1-1 .1-3.3-.8a11.7 11.7 0 0 1-4.5-4c-.3-.5-1-1.6-1-3s.8-2.1 1-2.4c.3-.3.6-.4.8-.4h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.4.6-.4.4c-.1.2-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.4 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l2 1c.3.1.5.2.5.3.1.2.1.7-.1 1.2Z",
  },
  facebook: {
    color: "#1877F2",
    d: "M12 2C6.5 2 2 6.1 2 11.2c0 2.9 1.4 5.5 3.7 7.2V22l3.4-1.9c.9.3 1.9.4 2.9.4 5.5 0 10-4.1 10-9.2S17.5 2 12 2Zm1 12.4-2.5-2.7-5 2.7 5.5-5.9 2.6 2.7 4.9-2.7-5.5 5.9Z",
  },
  telegram: {
    color: "#26A5E4",
    d: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.6 6.8-1.6 7.7c-.1.6-.5.7-1 .4l-2.6-1.9-1.3 1.2c-.1.1-.3.3-.6.3l.2-2.7 4.9-4.4c.2-.2 0-.3-.3-.1l-6 3.8-2.6-.8c-.6-.2-.6-.6.1-.8l10.1-3.9c.5-.2.9.1.7.8Z",
  },
  instagram: {
    color: "#E1306C",
    d: "M8 2h8a6 6 0 0 1 6 6v8a6 6 0 0 1-6 6H8a6 6 0 0 1-6-6V8a6 6 0 0 1 6-6Zm4 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm5.5-3.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z",
  },
};

/** A channel as a small brand mark (the api channel gets a webhook glyph); inbox and connections share it. */
export function ChannelIcon(
  { channel, className }: { channel: string | null | undefined; className?: string },
) {
  const p = PATHS[channel ?? ""];
  if (channel === "email") {
    return <Mail data-channel="email" className={cn("size-3.5 text-amber-600", className)} />;
  }
  if (channel === "webchat") {
    return <MessageCircle data-channel="webchat" className={cn("size-3.5 text-sky-500", className)} />;
  }
  if (!p) {
    return <Webhook data-channel={channel ?? "api"} className={cn("size-3.5 text-violet-500", className)} />;
  }
  return (
    <svg
      viewBox="0 0 24 24"
      data-channel={channel}
      aria-hidden="true"
      className={cn("size-3.5", className)}
      fill={p.color}
    >
      <path d={p.d} />
    </svg>
  );
}
