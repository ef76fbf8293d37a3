/** The es interface texts by namespace: one chunk, loaded when the app shows this language (lib/i18n.ts). */
import aiAssist from "./es/aiAssist.json" with { type: "json" };
import attend from "./es/attend.json" with { type: "json" };
import audit from "./es/audit.json" with { type: "json" };
import auth from "./es/auth.json" with { type: "json" };
import backoffice from "./es/backoffice.json" with { type: "json" };
import billing from "./es/billing.json" with { type: "json" };
import campaigns from "./es/campaigns.json" with { type: "json" };
import common from "./es/common.json" with { type: "json" };
import connections from "./es/connections.json" with { type: "json" };
import contacts from "./es/contacts.json" with { type: "json" };
import dashboard from "./es/dashboard.json" with { type: "json" };
import developers from "./es/developers.json" with { type: "json" };
import errors from "./es/errors.json" with { type: "json" };
import flows from "./es/flows.json" with { type: "json" };
import inbox from "./es/inbox.json" with { type: "json" };
import integrations from "./es/integrations.json" with { type: "json" };
import messagesApi from "./es/messages_api.json" with { type: "json" };
import pages from "./es/pages.json" with { type: "json" };
import queues from "./es/queues.json" with { type: "json" };
import quickMessages from "./es/quickMessages.json" with { type: "json" };
import schedules from "./es/schedules.json" with { type: "json" };
import settings from "./es/settings.json" with { type: "json" };
import shell from "./es/shell.json" with { type: "json" };
import tags from "./es/tags.json" with { type: "json" };
import tickets from "./es/tickets.json" with { type: "json" };
import twoFactor from "./es/twoFactor.json" with { type: "json" };
import users from "./es/users.json" with { type: "json" };
import webchat from "./es/webchat.json" with { type: "json" };
import webhooks from "./es/webhooks.json" with { type: "json" };
import workspace from "./es/workspace.json" with { type: "json" };

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
