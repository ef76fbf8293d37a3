/** Features that keep their own listeners.ts (DESIGN §6): one line each. */
import type { Deps } from "../deps.ts";
import { wireKanbanListeners } from "../kanban/listeners.ts";
import { wireChatListeners } from "../chats/listeners.ts";
import { wireAnnouncementListeners } from "../announcements/listeners.ts";
import { wireContactListeners } from "../contacts/listeners.ts";
import { wireIntegrationListeners } from "../integrations/listeners.ts";
import { wireWebchatListeners } from "../webchat/listeners.ts";
import { wireAutomationListeners } from "../automation/listeners.ts";

export const FEATURE_LISTENERS: ((deps: Deps) => void)[] = [
  wireKanbanListeners,
  wireChatListeners,
  wireAnnouncementListeners,
  wireContactListeners,
  wireIntegrationListeners,
  wireWebchatListeners,
];

/**
 * Wired after the socket fan-out's own `message.created` handler (listeners.ts), so the handlers
 * of a message start in the order kanban → fan-out → automation: the customer's message goes to
 * the sockets before the bot's answer to it is begun.
 */
export const AFTER_FAN_OUT_LISTENERS: ((deps: Deps) => void)[] = [
  wireAutomationListeners,
];
