/** What other features may use of flows: they import it from here, never from its files. */
export { useStandardFlowTab } from "./components/standard_flow_tab.tsx";
