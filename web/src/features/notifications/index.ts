/** What other features may use of notifications: they import it from here, never from its files. */
export { DesktopAlertsOffer } from "./desktop_offer.tsx";
