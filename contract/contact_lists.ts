/** Campaign contact lists on the wire (spec 3 contact lists): spreadsheet imports and number checks. */

/** What a spreadsheet import into a contact list did. */
export type ImportReport = {
  total: number;
  created: number;
  updated: number;
  duplicates: number;
  errors: { row: number; value: string; error: string }[];
  /** queued: the new numbers are being checked on a connected channel; unavailable: none can tell. */
  numberCheck: "queued" | "unavailable" | "none";
};

/** Where the channel check of a list's numbers stands. */
export type NumberCheckStatus = {
  available: boolean;
  connectionName: string | null;
  valid: number;
  invalid: number;
  unchecked: number;
};
