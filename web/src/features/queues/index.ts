/** What other features may use of queues: they import it from here, never from its files. */
export { useQueueList } from "./api/queues.ts";
export { CompanyHoursTab } from "./components/company_hours_tab.tsx";
export { hoursInvalid } from "./components/working_hours_editor.tsx";
export {
  ConnectionHoursTab,
  extrasErrors,
  extrasFrom,
  extrasPayload,
  VacationAndMedia,
} from "./components/connection_extras.tsx";
