/** What other features may use of integrations: they import it from here, never from its files. */
export {
  botsFrom,
  botsPayload,
  ConnectionBotsTab,
  useBotsAccess,
} from "./components/connection_bots_tab.tsx";
