/** The en interface texts by namespace: one chunk, loaded when the app shows this language (lib/i18n.ts). */
import aiAssist from "./en/aiAssist.json" with { type: "json" };
import attend from "./en/attend.json" with { type: "json" };
import audit from "./en/audit.json" with { type: "json" };
import auth from "./en/auth.json" with { type: "json" };
import backoffice from "./en/backoffice.json" with { type: "json" };
import billing from "./en/billing.json" with { type: "json" };
import campaigns from "./en/campaigns.json" with { type: "json" };
import common from "./en/common.json" with { type: "json" };
import connections from "./en/connections.json" with { type: "json" };
import contacts from "./en/contacts.json" with { type: "json" };
import dashboard from "./en/dashboard.json" with { type: "json" };
import developers from "./en/developers.json" with { type: "json" };
import errors from "./en/errors.json" with { type: "json" };
import flows from "./en/flows.json" with { type: "json" };
import inbox from "./en/inbox.json" with { type: "json" };
import integrations from "./en/integrations.json" with { type: "json" };
import messagesApi from "./en/messages_api.json" with { type: "json" };
import pages from "./en/pages.json" with { type: "json" };
import queues from "./en/queues.json" with { type: "json" };
import quickMessages from "./en/quickMessages.json" with { type: "json" };
import schedules from "./en/schedules.json" with { type: "json" };
import settings from "./en/settings.json" with { type: "json" };
import shell from "./en/shell.json" with { type: "json" };
import tags from "./en/tags.json" with { type: "json" };
import tickets from "./en/tickets.json" with { type: "json" };
import twoFactor from "./en/twoFactor.json" with { type: "json" };
import users from "./en/users.json" with { type: "json" };
import webchat from "./en/webchat.json" with { type: "json" };
import webhooks from "./en/webhooks.json" with { type: "json" };
import workspace from "./en/workspace.json" with { type: "json" };

export default {
  aiAssist,
  attend,
  audit,
  auth,
  backoffice,
  billing,
  campaigns,
  common,
  connections,
  contacts,
  dashboard,
  developers,
  errors,
  flows,
  inbox,
  integrations,
  messagesApi,
  pages,
  queues,
  quickMessages,
  schedules,
  settings,
  shell,
  tags,
  tickets,
  twoFactor,
  users,
  webchat,
  webhooks,
  workspace,
};
