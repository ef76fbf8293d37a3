/** What other features may use of webhooks: the Developers page mounts this tab. */
export { WebhooksTab } from "./components/webhooks_tab.tsx";
