/** What other features may use of backoffice: they import it from here, never from its files. */
export { CertificateTab } from "./components/certificate_tab.tsx";
export { CompaniesScreen } from "./components/companies_screen.tsx";
export { PaymentsTab } from "./components/payments_tab.tsx";
export { PlansTab } from "./components/plans_tab.tsx";
export { RetentionTab } from "./components/retention_tab.tsx";
