/** Connections on the wire (spec 2 connections): statuses and the operator's all-companies list. */

/** The session states a connection reports (plus the transient connecting/importing). */
export const CONNECTION_STATUSES = [
  "qrcode",
  "PAIRING",
  "DISCONNECTED",
  "TIMEOUT",
  "OPENING",
  "CONNECTED",
  "connecting",
  "importing",
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** A row of GET /whatsapp/all (operator): display fields only, never tokens or secrets. */
export type AdminConnectionDTO = {
  id: number;
  name: string;
  number: string | null;
  channel: string;
  status: string;
  isDefault: boolean;
  updatedAt: string;
  companyId: number;
  company: { id: number; name: string };
};

/** A connection as pickers and the top bar list it (GET /whatsapp carries more). */
export type ConnectionSummary = {
  id: number;
  name: string;
  status: string;
  channel: string;
  isDefault: boolean;
};
