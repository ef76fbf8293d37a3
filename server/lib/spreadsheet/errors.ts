/** A spreadsheet that cannot be read: the importers turn it into a 400 with this message. */
export class SpreadsheetError extends Error {
  override name = "SpreadsheetError";
}
