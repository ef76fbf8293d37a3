/**
 * createApp(deps): the one Hono app used by production and tests alike. Mounts every feature
 * under /api, the socket at /ws, and the built web app at / with an SPA fallback.
 */
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./lib/context.ts";
import { AppError } from "./lib/errors.ts";
import { VERSION } from "./config.ts";
import type { Deps } from "./deps.ts";
import { authenticate } from "./auth/middleware.ts";
import { authRoutes } from "./auth/routes.ts";
import { usersRoutes } from "./users/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { plansRoutes } from "./plans/routes.ts";
import { helpsRoutes } from "./helps/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { realtimeRoutes } from "./users/socket_routes.ts";
import { queuesRoutes } from "./queues/routes.ts";
import { chatbotRoutes } from "./queues/chatbot_routes.ts";
import { tagsRoutes } from "./tags/routes.ts";
import { quickMessagesRoutes } from "./quick_messages/routes.ts";
import { contactsRoutes } from "./contacts/routes.ts";
import { ticketNotesRoutes } from "./ticket_notes/routes.ts";
import { aiAssistRoutes } from "./ai_assist/routes.ts";
import { ticketExtrasRoutes, ticketsRoutes } from "./tickets/routes.ts";
import { messagesRoutes } from "./messages/routes.ts";
import { richMessagesRoutes } from "./messages/rich_routes.ts";
import { metaWebhookRoutes } from "./channels/meta/routes.ts";
import { telegramWebhookRoutes } from "./channels/telegram/routes.ts";
import { metaConnectRoutes } from "./channels/meta/connect_routes.ts";
import { externalApiRoutes } from "./external_api/routes.ts";
import { docsRoutes } from "./api_docs/routes.ts";
import { connectionsRoutes } from "./connections/routes.ts";
import { adminConnectionsRoutes, whatsappAdminRoutes } from "./connections/admin_routes.ts";
import { companySchedulesRoutes } from "./companies/schedules.ts";
import { whatsappSessionRoutes } from "./channels/whatsapp/routes.ts";
import { apiChannelRoutes } from "./channels/api/routes.ts";
import { securityHeaders } from "./lib/security_headers.ts";
import { auditRoutes } from "./audit/routes.ts";
import { twoFactorRoutes } from "./two_factor/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { reportsRoutes } from "./reports/routes.ts";
import { companiesRoutes } from "./companies/routes.ts";
import { backupsRoutes } from "./backups/routes.ts";
import { exportDownloadRoutes, exportsRoutes } from "./exports/routes.ts";
import { retentionRoutes } from "./retention/routes.ts";
import { billingRoutes, billingWebhookRoutes } from "./billing/routes.ts";
import { kanbanRoutes } from "./kanban/routes.ts";
import { chatsRoutes } from "./chats/routes.ts";
import { announcementsRoutes } from "./announcements/routes.ts";
import { filesRoutes } from "./files/routes.ts";
import { todosRoutes } from "./todos/routes.ts";
import { contactListItemsRoutes, contactListsRoutes } from "./contact_lists/routes.ts";
import { campaignSettingsRoutes, campaignsRoutes } from "./campaigns/routes.ts";
import { schedulesRoutes } from "./schedules/routes.ts";
import { webchatRoutes, webchatSocketRoutes } from "./webchat/routes.ts";
import { promptRoutes, queueIntegrationRoutes } from "./integrations/routes.ts";
import { transcribeRoutes } from "./integrations/transcribe_routes.ts";
import { flowsRoutes } from "./flows/routes.ts";
import { apiKeysRoutes } from "./api_keys/routes.ts";
import { pwaRoutes } from "./pwa/routes.ts";
import { pushRoutes } from "./push/routes.ts";
import { webhookSubscriptionsRoutes } from "./webhooks/routes.ts";

export function createApp(deps: Deps): Hono<AppEnv> {
  // strict: false — the spec's client writes some paths with a trailing slash (GET /tags/).
  const app = new Hono<AppEnv>({ strict: false });

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("requestId", crypto.randomUUID().slice(0, 8));
    await next();
  });
  app.use("*", securityHeaders({ publicUrl: deps.config.publicUrl, webDist: deps.config.webDist }));

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json({
        error: err.code,
        message: err.message !== err.code ? err.message : undefined,
        details: err.details,
      }, err.status);
    }
    if (err instanceof SyntaxError && c.req.header("content-type")?.includes("json")) {
      return c.json({ error: "ERR_VALIDATION", message: "malformed JSON" }, 400);
    }
    console.error(`[${c.var.requestId}] ${c.req.method} ${c.req.path}`, err);
    return c.json({ error: "ERR_INTERNAL" }, 500);
  });

  app.route("/", mediaRoutes);
  app.route("/api", exportDownloadRoutes);
  app.route("/", realtimeRoutes);
  app.route("/", webchatSocketRoutes);

  app.get("/api/health", (c) => c.json({ status: "ok", version: VERSION }));
  app.get("/api/version", (c) => c.json({ version: VERSION }));
  // The manifest and the service worker, before the static files (the worker carries the build id).
  app.route("/", pwaRoutes);

  app.use("/api/*", authenticate);
  app.route("/api/auth", authRoutes);
  app.route("/api/users", usersRoutes);
  app.route("/api/plans", plansRoutes);
  app.route("/api/helps", helpsRoutes);
  app.route("/api", settingsRoutes);
  app.route("/api/queue", queuesRoutes);
  app.route("/api/chatbot", chatbotRoutes);
  app.route("/api", tagsRoutes);
  app.route("/api/quick-messages", quickMessagesRoutes);
  app.route("/api/contacts", contactsRoutes);
  app.route("/api/ticket-notes", ticketNotesRoutes);
  app.route("/api/ai-assist", aiAssistRoutes);
  app.route("/api/tickets", ticketsRoutes);
  app.route("/api", ticketExtrasRoutes);
  app.route("/api", dashboardRoutes);
  app.route("/api", reportsRoutes);
  app.route("/api/webhooks/meta", metaWebhookRoutes);
  app.route("/api/webhooks/telegram", telegramWebhookRoutes);
  app.route("/api", metaConnectRoutes);
  // The public send API must win over the attendants' /api/messages/:ticketId.
  app.route("/api/messages/send", externalApiRoutes);
  app.route("/api/docs", docsRoutes);
  app.route("/api/messages/transcribeAudio", transcribeRoutes);
  app.route("/api", messagesRoutes);
  app.route("/api", richMessagesRoutes);
  // Before /api/whatsapp, whose /:id would otherwise catch "all".
  app.route("/api/whatsapp/all", adminConnectionsRoutes);
  app.route("/api/whatsapp", connectionsRoutes);
  app.route("/api/whatsapp-admin", whatsappAdminRoutes);
  app.route("/api/companies", companySchedulesRoutes);
  app.route("/api", whatsappSessionRoutes);
  app.route("/api/channels/api", apiChannelRoutes);
  app.route("/api/audit-logs", auditRoutes);
  app.route("/api/auth", twoFactorRoutes);
  app.route("/api", companiesRoutes);
  app.route("/api", backupsRoutes);
  app.route("/api", exportsRoutes);
  app.route("/api", retentionRoutes);
  app.route("/api", billingRoutes);
  app.route("/api/webhooks", billingWebhookRoutes);
  app.route("/api", kanbanRoutes);
  app.route("/api/chats", chatsRoutes);
  app.route("/api/announcements", announcementsRoutes);
  app.route("/api/files", filesRoutes);
  app.route("/api/prompt", promptRoutes);
  app.route("/api/queueIntegration", queueIntegrationRoutes);
  app.route("/api/todos", todosRoutes);
  app.route("/api/contact-lists", contactListsRoutes);
  app.route("/api/contact-list-items", contactListItemsRoutes);
  app.route("/api/campaigns", campaignsRoutes);
  app.route("/api/campaign-settings", campaignSettingsRoutes);
  app.route("/api/schedules", schedulesRoutes);
  app.route("/api/webchat", webchatRoutes);
  app.route("/api", flowsRoutes);
  app.route("/api/api-keys", apiKeysRoutes);
  app.route("/api/push", pushRoutes);
  app.route("/api/webhook-subscriptions", webhookSubscriptionsRoutes);

  app.all("/api/*", () => {
    throw new AppError("ERR_NOT_FOUND", { details: { resource: "route" } });
  });

  mountWeb(app, deps.config.webDist);
  return app;
}

/**
 * The built React app: hashed assets cached forever, SPA fallback only for extension-less paths.
 * Text files go out as the build's brotli or gzip copy when the browser accepts one.
 */
function mountWeb(app: Hono<AppEnv>, root: string) {
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", async (c, next) => {
    const last = c.req.path.split("/").pop() ?? "";
    if (last.includes(".") || c.req.path.startsWith("/ws")) return c.json({ error: "ERR_NOT_FOUND" }, 404);
    c.header("Cache-Control", "no-cache");
    // `path` is joined onto `root` (not the process cwd), so an absolute WEB_DIST works too.
    return await serveStatic<AppEnv>({ root, path: "index.html", precompressed: true })(c, next);
  });
}
