import { createBrowserRouter, RouterProvider } from "react-router";
import { NotFound } from "../components/layout/status_views.tsx";
import { PublicOnly, RootLayout } from "./routes/guards.tsx";
import { LoginPage } from "./routes/login.tsx";
import { SignupPage } from "./routes/signup.tsx";
import { ForgetPasswordPage } from "./routes/forget_password.tsx";
import { PrivateLayout } from "./routes/private_layout.tsx";
import { DashboardPage } from "./routes/dashboard.tsx";
import { UsersPage } from "./routes/users.tsx";
import { SettingsPage } from "./routes/settings.tsx";
import { FinancePage } from "./routes/financeiro.tsx";
import { Placeholder, PLACEHOLDER_ROUTES } from "./routes/placeholders.tsx";
import { TicketsPage } from "./routes/tickets.tsx";
import { ContactsPage, QuickMessagesPage, TagsPage } from "./routes/inbox_admin.tsx";
import { QueuesPage } from "./routes/queues.tsx";
import { AllConnectionsPage, ConnectionsPage, MessagesApiPage } from "./routes/connections.tsx";

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
          { path: "/users", element: <UsersPage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/financeiro", element: <FinancePage /> },
          { path: "/tickets/:ticketId?", element: <TicketsPage /> },
          { path: "/contacts", element: <ContactsPage /> },
          { path: "/quick-messages", element: <QuickMessagesPage /> },
          { path: "/tags", element: <TagsPage /> },
          { path: "/connections", element: <ConnectionsPage /> },
          { path: "/allConnections", element: <AllConnectionsPage /> },
          { path: "/messages-api", element: <MessagesApiPage /> },
          { path: "/queues", element: <QueuesPage /> },
          ...PLACEHOLDER_ROUTES.map((route) => ({
            path: route.path,
            element: <Placeholder route={route} />,
          })),
          { path: "*", element: <NotFound /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
