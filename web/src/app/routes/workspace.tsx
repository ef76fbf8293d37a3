/** The team's workspace screens, each behind its route rule. */
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";
import { KanbanBoard } from "../../features/kanban/components/kanban_board.tsx";
import { LanesScreen } from "../../features/kanban/components/lanes_screen.tsx";
import { ChatsScreen } from "../../features/chats/components/chats_screen.tsx";
import { AnnouncementsScreen } from "../../features/announcements/components/announcements_screen.tsx";
import { HelpsGallery } from "../../features/helps/components/helps_gallery.tsx";
import { FilesScreen } from "../../features/files/components/files_screen.tsx";
import { TodoScreen } from "../../features/todos/components/todo_screen.tsx";

export const KanbanPage = () => (
  <Gate rule={rules.plan("useKanban")}>
    <KanbanBoard />
  </Gate>
);
export const LanesPage = () => (
  <Gate rule={rules.plan("useKanban")}>
    <LanesScreen />
  </Gate>
);
export const ChatsPage = () => (
  <Gate rule={rules.plan("useInternalChat")}>
    <ChatsScreen />
  </Gate>
);
export const AnnouncementsPage = () => (
  <Gate rule={rules.super}>
    <AnnouncementsScreen />
  </Gate>
);
export const HelpsPage = () => <HelpsGallery />;
export const FilesPage = () => (
  <Gate rule={rules.admin}>
    <FilesScreen />
  </Gate>
);
export const TodoPage = () => <TodoScreen />;
