/** What other features may use of connections: they import it from here, never from its files. */
export { useConnectionList, useQueueOptions } from "./api/connections.ts";
export { useConnectionsWarning } from "./api/connections_warning.ts";
