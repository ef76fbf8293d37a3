/** What other features may use of notifications: they import it from here, never from its files. */
export { DesktopAlertsOffer } from "./desktop_offer.tsx";
export { PushDeviceSwitch } from "./push_switch.tsx";
export { QuietHoursSection } from "./quiet_hours.tsx";
