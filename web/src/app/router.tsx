import { createBrowserRouter, RouterProvider } from "react-router";
import { NotFound } from "../components/layout/status_views.tsx";
import { PublicOnly, RootLayout } from "./routes/guards.tsx";
import { LoginPage } from "./routes/login.tsx";
import { SignupPage } from "./routes/signup.tsx";
import { ForgetPasswordPage } from "./routes/forget_password.tsx";
import { PrivateLayout } from "./routes/private_layout.tsx";
import { DashboardPage, MomentsPage, ReportsPage } from "./routes/dashboard.tsx";
import { UsersPage } from "./routes/users.tsx";
import { SettingsPage } from "./routes/settings.tsx";
import { FinancePage } from "./routes/financeiro.tsx";
import { PromptsPage, QueueIntegrationsPage } from "./routes/integrations.tsx";
import { FlowEditorPage, FlowsPage, PhraseListsPage } from "./routes/flows.tsx";
import { TicketsPage } from "./routes/tickets.tsx";
import { ContactsImportPage, ContactsPage, QuickMessagesPage, TagsPage } from "./routes/inbox_admin.tsx";
import { ContactDetailPage } from "./routes/contact.tsx";
import { QueuesPage } from "./routes/queues.tsx";
import { AllConnectionsPage, ConnectionsPage, MessagesApiPage } from "./routes/connections.tsx";
import { AuditLogPage } from "./routes/audit_log.tsx";
import { CompaniesPage, ReceiptsPage, SubscriptionPage } from "./routes/backoffice.tsx";
import {
  AnnouncementsPage,
  ChatsPage,
  FilesPage,
  HelpsPage,
  KanbanPage,
  LanesPage,
  TodoPage,
} from "./routes/workspace.tsx";
import {
  CampaignReportPage,
  CampaignSettingsPage,
  CampaignsPage,
  ContactListItemsPage,
  ContactListsPage,
  SchedulesPage,
} from "./routes/campaigns.tsx";

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "/signup", element: <SignupPage /> },
          { path: "/forgetpsw", element: <ForgetPasswordPage /> },
        ],
      },
      {
        element: <PrivateLayout />,
        children: [
          { path: "/", element: <DashboardPage /> },
          { path: "/reports", element: <ReportsPage /> },
          { path: "/moments", element: <MomentsPage /> },
          { path: "/users", element: <UsersPage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/financeiro", element: <FinancePage /> },
          { path: "/tickets/:ticketId?", element: <TicketsPage /> },
          { path: "/contacts", element: <ContactsPage /> },
          { path: "/contacts/import", element: <ContactsImportPage /> },
          { path: "/flowbuilders", element: <FlowsPage /> },
          { path: "/flowbuilder/:flowId?", element: <FlowEditorPage /> },
          { path: "/phrase-lists", element: <PhraseListsPage /> },
          { path: "/contacts/:contactId", element: <ContactDetailPage /> },
          { path: "/quick-messages", element: <QuickMessagesPage /> },
          { path: "/tags", element: <TagsPage /> },
          { path: "/connections", element: <ConnectionsPage /> },
          { path: "/allConnections", element: <AllConnectionsPage /> },
          { path: "/messages-api", element: <MessagesApiPage /> },
          { path: "/audit-log", element: <AuditLogPage /> },
          { path: "/companies", element: <CompaniesPage /> },
          { path: "/recipts", element: <ReceiptsPage /> },
          { path: "/subscription", element: <SubscriptionPage /> },
          { path: "/kanban", element: <KanbanPage /> },
          { path: "/TagsKanban", element: <LanesPage /> },
          { path: "/chats/:chatId?", element: <ChatsPage /> },
          { path: "/announcements", element: <AnnouncementsPage /> },
          { path: "/helps", element: <HelpsPage /> },
          { path: "/files", element: <FilesPage /> },
          { path: "/prompts", element: <PromptsPage /> },
          { path: "/queue-integration", element: <QueueIntegrationsPage /> },
          { path: "/todolist", element: <TodoPage /> },
          { path: "/campaigns", element: <CampaignsPage /> },
          { path: "/campaigns-config", element: <CampaignSettingsPage /> },
          { path: "/campaign/:campaignId/report", element: <CampaignReportPage /> },
          { path: "/contact-lists", element: <ContactListsPage /> },
          { path: "/contact-lists/:contactListId/contacts", element: <ContactListItemsPage /> },
          { path: "/schedules", element: <SchedulesPage /> },
          { path: "/queues", element: <QueuesPage /> },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
