import type { ComponentType } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { NotFound } from "../components/layout/status_views.tsx";
import { PublicOnly, RootLayout } from "./routes/guards.tsx";
import { LoginPage } from "./routes/login.tsx";
import { SignupPage } from "./routes/signup.tsx";
import { ForgetPasswordPage } from "./routes/forget_password.tsx";

/**
 * Every screen behind the login is its own chunk, fetched when its route is first entered: the
 * login page (the first page most visits see) loads only the shell of the app, not every screen.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

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
        lazy: page(() => import("./routes/private_layout.tsx"), "PrivateLayout"),
        children: [
          { path: "/", lazy: page(() => import("./routes/dashboard.tsx"), "DashboardPage") },
          { path: "/reports", lazy: page(() => import("./routes/dashboard.tsx"), "ReportsPage") },
          { path: "/moments", lazy: page(() => import("./routes/dashboard.tsx"), "MomentsPage") },
          { path: "/users", lazy: page(() => import("./routes/users.tsx"), "UsersPage") },
          { path: "/settings", lazy: page(() => import("./routes/settings.tsx"), "SettingsPage") },
          { path: "/financeiro", lazy: page(() => import("./routes/financeiro.tsx"), "FinancePage") },
          { path: "/tickets/:ticketId?", lazy: page(() => import("./routes/tickets.tsx"), "TicketsPage") },
          { path: "/contacts", lazy: page(() => import("./routes/inbox_admin.tsx"), "ContactsPage") },
          {
            path: "/contacts/import",
            lazy: page(() => import("./routes/inbox_admin.tsx"), "ContactsImportPage"),
          },
          { path: "/flowbuilders", lazy: page(() => import("./routes/flows.tsx"), "FlowsPage") },
          { path: "/flowbuilder/:flowId?", lazy: page(() => import("./routes/flows.tsx"), "FlowEditorPage") },
          { path: "/phrase-lists", lazy: page(() => import("./routes/flows.tsx"), "PhraseListsPage") },
          {
            path: "/contacts/:contactId",
            lazy: page(() => import("./routes/contact.tsx"), "ContactDetailPage"),
          },
          {
            path: "/quick-messages",
            lazy: page(() => import("./routes/inbox_admin.tsx"), "QuickMessagesPage"),
          },
          { path: "/tags", lazy: page(() => import("./routes/inbox_admin.tsx"), "TagsPage") },
          { path: "/connections", lazy: page(() => import("./routes/connections.tsx"), "ConnectionsPage") },
          {
            path: "/allConnections",
            lazy: page(() => import("./routes/connections.tsx"), "AllConnectionsPage"),
          },
          { path: "/messages-api", lazy: page(() => import("./routes/connections.tsx"), "MessagesApiPage") },
          { path: "/audit-log", lazy: page(() => import("./routes/audit_log.tsx"), "AuditLogPage") },
          { path: "/webhooks", lazy: page(() => import("./routes/webhooks.tsx"), "WebhooksPage") },
          { path: "/companies", lazy: page(() => import("./routes/backoffice.tsx"), "CompaniesPage") },
          { path: "/recipts", lazy: page(() => import("./routes/backoffice.tsx"), "ReceiptsPage") },
          { path: "/subscription", lazy: page(() => import("./routes/backoffice.tsx"), "SubscriptionPage") },
          { path: "/kanban", lazy: page(() => import("./routes/workspace.tsx"), "KanbanPage") },
          { path: "/TagsKanban", lazy: page(() => import("./routes/workspace.tsx"), "LanesPage") },
          { path: "/chats/:chatId?", lazy: page(() => import("./routes/workspace.tsx"), "ChatsPage") },
          { path: "/announcements", lazy: page(() => import("./routes/workspace.tsx"), "AnnouncementsPage") },
          { path: "/helps", lazy: page(() => import("./routes/workspace.tsx"), "HelpsPage") },
          { path: "/files", lazy: page(() => import("./routes/workspace.tsx"), "FilesPage") },
          { path: "/prompts", lazy: page(() => import("./routes/integrations.tsx"), "PromptsPage") },
          {
            path: "/queue-integration",
            lazy: page(() => import("./routes/integrations.tsx"), "QueueIntegrationsPage"),
          },
          { path: "/todolist", lazy: page(() => import("./routes/workspace.tsx"), "TodoPage") },
          { path: "/campaigns", lazy: page(() => import("./routes/campaigns.tsx"), "CampaignsPage") },
          {
            path: "/campaigns-config",
            lazy: page(() => import("./routes/campaigns.tsx"), "CampaignSettingsPage"),
          },
          {
            path: "/campaign/:campaignId/report",
            lazy: page(() => import("./routes/campaigns.tsx"), "CampaignReportPage"),
          },
          { path: "/contact-lists", lazy: page(() => import("./routes/campaigns.tsx"), "ContactListsPage") },
          {
            path: "/contact-lists/:contactListId/contacts",
            lazy: page(() => import("./routes/campaigns.tsx"), "ContactListItemsPage"),
          },
          { path: "/schedules", lazy: page(() => import("./routes/campaigns.tsx"), "SchedulesPage") },
          { path: "/queues", lazy: page(() => import("./routes/queues.tsx"), "QueuesPage") },
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
