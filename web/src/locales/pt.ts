/** The pt interface texts by namespace: one chunk, loaded when the app shows this language (lib/i18n.ts). */
import aiAssist from "./pt/aiAssist.json" with { type: "json" };
import attend from "./pt/attend.json" with { type: "json" };
import audit from "./pt/audit.json" with { type: "json" };
import auth from "./pt/auth.json" with { type: "json" };
import backoffice from "./pt/backoffice.json" with { type: "json" };
import billing from "./pt/billing.json" with { type: "json" };
import campaigns from "./pt/campaigns.json" with { type: "json" };
import common from "./pt/common.json" with { type: "json" };
import connections from "./pt/connections.json" with { type: "json" };
import contacts from "./pt/contacts.json" with { type: "json" };
import dashboard from "./pt/dashboard.json" with { type: "json" };
import developers from "./pt/developers.json" with { type: "json" };
import errors from "./pt/errors.json" with { type: "json" };
import flows from "./pt/flows.json" with { type: "json" };
import inbox from "./pt/inbox.json" with { type: "json" };
import integrations from "./pt/integrations.json" with { type: "json" };
import messagesApi from "./pt/messages_api.json" with { type: "json" };
import pages from "./pt/pages.json" with { type: "json" };
import queues from "./pt/queues.json" with { type: "json" };
import quickMessages from "./pt/quickMessages.json" with { type: "json" };
import schedules from "./pt/schedules.json" with { type: "json" };
import settings from "./pt/settings.json" with { type: "json" };
import shell from "./pt/shell.json" with { type: "json" };
import tags from "./pt/tags.json" with { type: "json" };
import tickets from "./pt/tickets.json" with { type: "json" };
import twoFactor from "./pt/twoFactor.json" with { type: "json" };
import users from "./pt/users.json" with { type: "json" };
import webchat from "./pt/webchat.json" with { type: "json" };
import webhooks from "./pt/webhooks.json" with { type: "json" };
import workspace from "./pt/workspace.json" with { type: "json" };

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
