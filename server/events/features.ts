/** Features that keep their own listeners.ts (DESIGN §6): one line each. */
import type { Deps } from "../deps.ts";
import { wireKanbanListeners } from "../kanban/listeners.ts";
import { wireChatListeners } from "../chats/listeners.ts";
import { wireAnnouncementListeners } from "../announcements/listeners.ts";
import { wireContactListeners } from "../contacts/listeners.ts";
import { wireIntegrationListeners } from "../integrations/listeners.ts";
import { wireWebchatListeners } from "../webchat/listeners.ts";

export const FEATURE_LISTENERS: ((deps: Deps) => void)[] = [
  wireKanbanListeners,
  wireChatListeners,
  wireAnnouncementListeners,
  wireContactListeners,
  wireIntegrationListeners,
  wireWebchatListeners,
];
