/**
 * The webchat channel's adapter. Outbound messages (attendants, bots, flows, campaigns)
 * go to the visitor's sockets on every instance; a visitor who is away finds them in the history
 * when the widget opens again. The channel has no session to start: a webchat connection is
 * CONNECTED while it exists.
 */
import type { ChannelAdapter } from "../channels/adapter.ts";
import { setConnectionStatus } from "../connections/status.ts";
import { toVisitor } from "./visitor_hub.ts";
import { visitorMessage } from "./service.ts";

export const webchatAdapter: ChannelAdapter = {
  kind: "webchat",
  async connect(deps, conn) {
    await setConnectionStatus(deps, conn, "CONNECTED");
  },
  async disconnect(deps, conn) {
    await setConnectionStatus(deps, conn, "DISCONNECTED");
  },
  async send(deps, msg) {
    const message = await visitorMessage(deps, {
      id: msg.messageId,
      body: msg.body,
      fromMe: true,
      mediaType: msg.media ? msg.media.mimetype.split("/")[0] : "chat",
      mediaUrl: msg.media?.path ?? null,
      mediaName: msg.media?.filename ?? null,
      createdAt: deps.clock.now().toISOString(),
    });
    await toVisitor(deps, msg.companyId, msg.to.number, { type: "message", message });
    // Handed to the visitor's sockets (or kept for the history): "sent".
    return { externalId: msg.externalId, ack: 1 };
  },
};
