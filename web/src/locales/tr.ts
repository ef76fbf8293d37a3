/** The tr interface texts by namespace: one chunk, loaded when the app shows this language (lib/i18n.ts). */
import aiAssist from "./tr/aiAssist.json" with { type: "json" };
import attend from "./tr/attend.json" with { type: "json" };
import audit from "./tr/audit.json" with { type: "json" };
import auth from "./tr/auth.json" with { type: "json" };
import backoffice from "./tr/backoffice.json" with { type: "json" };
import billing from "./tr/billing.json" with { type: "json" };
import campaigns from "./tr/campaigns.json" with { type: "json" };
import common from "./tr/common.json" with { type: "json" };
import connections from "./tr/connections.json" with { type: "json" };
import contacts from "./tr/contacts.json" with { type: "json" };
import dashboard from "./tr/dashboard.json" with { type: "json" };
import developers from "./tr/developers.json" with { type: "json" };
import errors from "./tr/errors.json" with { type: "json" };
import flows from "./tr/flows.json" with { type: "json" };
import inbox from "./tr/inbox.json" with { type: "json" };
import integrations from "./tr/integrations.json" with { type: "json" };
import messagesApi from "./tr/messages_api.json" with { type: "json" };
import pages from "./tr/pages.json" with { type: "json" };
import queues from "./tr/queues.json" with { type: "json" };
import quickMessages from "./tr/quickMessages.json" with { type: "json" };
import schedules from "./tr/schedules.json" with { type: "json" };
import settings from "./tr/settings.json" with { type: "json" };
import shell from "./tr/shell.json" with { type: "json" };
import tags from "./tr/tags.json" with { type: "json" };
import tickets from "./tr/tickets.json" with { type: "json" };
import twoFactor from "./tr/twoFactor.json" with { type: "json" };
import users from "./tr/users.json" with { type: "json" };
import webchat from "./tr/webchat.json" with { type: "json" };
import webhooks from "./tr/webhooks.json" with { type: "json" };
import workspace from "./tr/workspace.json" with { type: "json" };

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
