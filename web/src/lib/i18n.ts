/** i18next set-up: pt (fallback), es, en, tr; one namespace per feature plus common and errors. */
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import ptCommon from "../locales/pt/common.json" with { type: "json" };
import ptErrors from "../locales/pt/errors.json" with { type: "json" };
import ptAuth from "../locales/pt/auth.json" with { type: "json" };
import ptShell from "../locales/pt/shell.json" with { type: "json" };
import ptUsers from "../locales/pt/users.json" with { type: "json" };
import ptSettings from "../locales/pt/settings.json" with { type: "json" };
import ptDashboard from "../locales/pt/dashboard.json" with { type: "json" };
import ptBilling from "../locales/pt/billing.json" with { type: "json" };
import ptPages from "../locales/pt/pages.json" with { type: "json" };
import ptTickets from "../locales/pt/tickets.json" with { type: "json" };
import ptContacts from "../locales/pt/contacts.json" with { type: "json" };
import ptQuickMessages from "../locales/pt/quickMessages.json" with { type: "json" };
import ptTags from "../locales/pt/tags.json" with { type: "json" };
import ptFlows from "../locales/pt/flows.json" with { type: "json" };
import ptConnections from "../locales/pt/connections.json" with { type: "json" };
import ptMessagesApi from "../locales/pt/messages_api.json" with { type: "json" };
import ptAudit from "../locales/pt/audit.json" with { type: "json" };
import ptDevelopers from "../locales/pt/developers.json" with { type: "json" };
import ptTwoFactor from "../locales/pt/twoFactor.json" with { type: "json" };
import ptBackoffice from "../locales/pt/backoffice.json" with { type: "json" };
import ptWorkspace from "../locales/pt/workspace.json" with { type: "json" };
import ptCampaigns from "../locales/pt/campaigns.json" with { type: "json" };
import ptIntegrations from "../locales/pt/integrations.json" with { type: "json" };
import ptSchedules from "../locales/pt/schedules.json" with { type: "json" };
import ptQueues from "../locales/pt/queues.json" with { type: "json" };
import ptAttend from "../locales/pt/attend.json" with { type: "json" };
import ptWebchat from "../locales/pt/webchat.json" with { type: "json" };
import ptInbox from "../locales/pt/inbox.json" with { type: "json" };
import ptWebhooks from "../locales/pt/webhooks.json" with { type: "json" };
import ptAiAssist from "../locales/pt/aiAssist.json" with { type: "json" };
import esCommon from "../locales/es/common.json" with { type: "json" };
import esErrors from "../locales/es/errors.json" with { type: "json" };
import esAuth from "../locales/es/auth.json" with { type: "json" };
import esShell from "../locales/es/shell.json" with { type: "json" };
import esUsers from "../locales/es/users.json" with { type: "json" };
import esSettings from "../locales/es/settings.json" with { type: "json" };
import esDashboard from "../locales/es/dashboard.json" with { type: "json" };
import esBilling from "../locales/es/billing.json" with { type: "json" };
import esPages from "../locales/es/pages.json" with { type: "json" };
import esTickets from "../locales/es/tickets.json" with { type: "json" };
import esContacts from "../locales/es/contacts.json" with { type: "json" };
import esQuickMessages from "../locales/es/quickMessages.json" with { type: "json" };
import esTags from "../locales/es/tags.json" with { type: "json" };
import esFlows from "../locales/es/flows.json" with { type: "json" };
import esConnections from "../locales/es/connections.json" with { type: "json" };
import esMessagesApi from "../locales/es/messages_api.json" with { type: "json" };
import esAudit from "../locales/es/audit.json" with { type: "json" };
import esDevelopers from "../locales/es/developers.json" with { type: "json" };
import esTwoFactor from "../locales/es/twoFactor.json" with { type: "json" };
import esBackoffice from "../locales/es/backoffice.json" with { type: "json" };
import esWorkspace from "../locales/es/workspace.json" with { type: "json" };
import esCampaigns from "../locales/es/campaigns.json" with { type: "json" };
import esIntegrations from "../locales/es/integrations.json" with { type: "json" };
import esSchedules from "../locales/es/schedules.json" with { type: "json" };
import esQueues from "../locales/es/queues.json" with { type: "json" };
import esAttend from "../locales/es/attend.json" with { type: "json" };
import esWebchat from "../locales/es/webchat.json" with { type: "json" };
import esInbox from "../locales/es/inbox.json" with { type: "json" };
import esWebhooks from "../locales/es/webhooks.json" with { type: "json" };
import esAiAssist from "../locales/es/aiAssist.json" with { type: "json" };
import enCommon from "../locales/en/common.json" with { type: "json" };
import enErrors from "../locales/en/errors.json" with { type: "json" };
import enAuth from "../locales/en/auth.json" with { type: "json" };
import enShell from "../locales/en/shell.json" with { type: "json" };
import enUsers from "../locales/en/users.json" with { type: "json" };
import enSettings from "../locales/en/settings.json" with { type: "json" };
import enDashboard from "../locales/en/dashboard.json" with { type: "json" };
import enBilling from "../locales/en/billing.json" with { type: "json" };
import enPages from "../locales/en/pages.json" with { type: "json" };
import enTickets from "../locales/en/tickets.json" with { type: "json" };
import enContacts from "../locales/en/contacts.json" with { type: "json" };
import enQuickMessages from "../locales/en/quickMessages.json" with { type: "json" };
import enTags from "../locales/en/tags.json" with { type: "json" };
import enFlows from "../locales/en/flows.json" with { type: "json" };
import enConnections from "../locales/en/connections.json" with { type: "json" };
import enMessagesApi from "../locales/en/messages_api.json" with { type: "json" };
import enAudit from "../locales/en/audit.json" with { type: "json" };
import enDevelopers from "../locales/en/developers.json" with { type: "json" };
import enTwoFactor from "../locales/en/twoFactor.json" with { type: "json" };
import enBackoffice from "../locales/en/backoffice.json" with { type: "json" };
import enWorkspace from "../locales/en/workspace.json" with { type: "json" };
import enCampaigns from "../locales/en/campaigns.json" with { type: "json" };
import enIntegrations from "../locales/en/integrations.json" with { type: "json" };
import enSchedules from "../locales/en/schedules.json" with { type: "json" };
import enQueues from "../locales/en/queues.json" with { type: "json" };
import enAttend from "../locales/en/attend.json" with { type: "json" };
import enWebchat from "../locales/en/webchat.json" with { type: "json" };
import enInbox from "../locales/en/inbox.json" with { type: "json" };
import enWebhooks from "../locales/en/webhooks.json" with { type: "json" };
import enAiAssist from "../locales/en/aiAssist.json" with { type: "json" };
import trCommon from "../locales/tr/common.json" with { type: "json" };
import trErrors from "../locales/tr/errors.json" with { type: "json" };
import trAuth from "../locales/tr/auth.json" with { type: "json" };
import trShell from "../locales/tr/shell.json" with { type: "json" };
import trUsers from "../locales/tr/users.json" with { type: "json" };
import trSettings from "../locales/tr/settings.json" with { type: "json" };
import trDashboard from "../locales/tr/dashboard.json" with { type: "json" };
import trBilling from "../locales/tr/billing.json" with { type: "json" };
import trPages from "../locales/tr/pages.json" with { type: "json" };
import trTickets from "../locales/tr/tickets.json" with { type: "json" };
import trContacts from "../locales/tr/contacts.json" with { type: "json" };
import trQuickMessages from "../locales/tr/quickMessages.json" with { type: "json" };
import trTags from "../locales/tr/tags.json" with { type: "json" };
import trFlows from "../locales/tr/flows.json" with { type: "json" };
import trConnections from "../locales/tr/connections.json" with { type: "json" };
import trMessagesApi from "../locales/tr/messages_api.json" with { type: "json" };
import trAudit from "../locales/tr/audit.json" with { type: "json" };
import trDevelopers from "../locales/tr/developers.json" with { type: "json" };
import trTwoFactor from "../locales/tr/twoFactor.json" with { type: "json" };
import trBackoffice from "../locales/tr/backoffice.json" with { type: "json" };
import trWorkspace from "../locales/tr/workspace.json" with { type: "json" };
import trCampaigns from "../locales/tr/campaigns.json" with { type: "json" };
import trIntegrations from "../locales/tr/integrations.json" with { type: "json" };
import trSchedules from "../locales/tr/schedules.json" with { type: "json" };
import trQueues from "../locales/tr/queues.json" with { type: "json" };
import trAttend from "../locales/tr/attend.json" with { type: "json" };
import trWebchat from "../locales/tr/webchat.json" with { type: "json" };
import trInbox from "../locales/tr/inbox.json" with { type: "json" };
import trWebhooks from "../locales/tr/webhooks.json" with { type: "json" };
import trAiAssist from "../locales/tr/aiAssist.json" with { type: "json" };

export const LANGUAGES = ["pt", "es", "en", "tr"] as const;
export type Language = typeof LANGUAGES[number];
export const NAMESPACES = [
  "common",
  "errors",
  "auth",
  "shell",
  "users",
  "settings",
  "dashboard",
  "billing",
  "pages",
  "tickets",
  "contacts",
  "quickMessages",
  "tags",
  "flows",
  "connections",
  "messagesApi",
  "audit",
  "developers",
  "twoFactor",
  "backoffice",
  "workspace",
  "campaigns",
  "integrations",
  "schedules",
  "queues",
  "attend",
  "webchat",
  "inbox",
  "webhooks",
  "aiAssist",
];

const resources = {
  pt: {
    common: ptCommon,
    errors: ptErrors,
    auth: ptAuth,
    shell: ptShell,
    users: ptUsers,
    settings: ptSettings,
    dashboard: ptDashboard,
    billing: ptBilling,
    pages: ptPages,
    tickets: ptTickets,
    contacts: ptContacts,
    quickMessages: ptQuickMessages,
    tags: ptTags,
    flows: ptFlows,
    connections: ptConnections,
    messagesApi: ptMessagesApi,
    audit: ptAudit,
    developers: ptDevelopers,
    twoFactor: ptTwoFactor,
    backoffice: ptBackoffice,
    workspace: ptWorkspace,
    campaigns: ptCampaigns,
    integrations: ptIntegrations,
    schedules: ptSchedules,
    queues: ptQueues,
    attend: ptAttend,
    webchat: ptWebchat,
    inbox: ptInbox,
    webhooks: ptWebhooks,
    aiAssist: ptAiAssist,
  },
  es: {
    common: esCommon,
    errors: esErrors,
    auth: esAuth,
    shell: esShell,
    users: esUsers,
    settings: esSettings,
    dashboard: esDashboard,
    billing: esBilling,
    pages: esPages,
    tickets: esTickets,
    contacts: esContacts,
    quickMessages: esQuickMessages,
    tags: esTags,
    flows: esFlows,
    connections: esConnections,
    messagesApi: esMessagesApi,
    audit: esAudit,
    developers: esDevelopers,
    twoFactor: esTwoFactor,
    backoffice: esBackoffice,
    workspace: esWorkspace,
    campaigns: esCampaigns,
    integrations: esIntegrations,
    schedules: esSchedules,
    queues: esQueues,
    attend: esAttend,
    webchat: esWebchat,
    inbox: esInbox,
    webhooks: esWebhooks,
    aiAssist: esAiAssist,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    shell: enShell,
    users: enUsers,
    settings: enSettings,
    dashboard: enDashboard,
    billing: enBilling,
    pages: enPages,
    tickets: enTickets,
    contacts: enContacts,
    quickMessages: enQuickMessages,
    tags: enTags,
    flows: enFlows,
    connections: enConnections,
    messagesApi: enMessagesApi,
    audit: enAudit,
    developers: enDevelopers,
    twoFactor: enTwoFactor,
    backoffice: enBackoffice,
    workspace: enWorkspace,
    campaigns: enCampaigns,
    integrations: enIntegrations,
    schedules: enSchedules,
    queues: enQueues,
    attend: enAttend,
    webchat: enWebchat,
    inbox: enInbox,
    webhooks: enWebhooks,
    aiAssist: enAiAssist,
  },
  tr: {
    common: trCommon,
    errors: trErrors,
    auth: trAuth,
    shell: trShell,
    users: trUsers,
    settings: trSettings,
    dashboard: trDashboard,
    billing: trBilling,
    pages: trPages,
    tickets: trTickets,
    contacts: trContacts,
    quickMessages: trQuickMessages,
    tags: trTags,
    flows: trFlows,
    connections: trConnections,
    messagesApi: trMessagesApi,
    audit: trAudit,
    developers: trDevelopers,
    twoFactor: trTwoFactor,
    backoffice: trBackoffice,
    workspace: trWorkspace,
    campaigns: trCampaigns,
    integrations: trIntegrations,
    schedules: trSchedules,
    queues: trQueues,
    attend: trAttend,
    webchat: trWebchat,
    inbox: trInbox,
    webhooks: trWebhooks,
    aiAssist: trAiAssist,
  },
};

i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: "pt",
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: "i18nextLng",
      caches: ["localStorage"],
    },
    returnNull: false,
  });

/** The active interface language, reduced to one of ours. */
export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? "pt").slice(0, 2) as Language;
  return LANGUAGES.includes(lng) ? lng : "pt";
}

function syncDocumentLanguage() {
  document.documentElement.lang = currentLanguage() === "pt" ? "pt-BR" : currentLanguage();
}
i18n.on("languageChanged", syncDocumentLanguage);
syncDocumentLanguage();

export default i18n;
