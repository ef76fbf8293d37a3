import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { FlowsScreen } from "../../features/flows/components/flows_screen.tsx";
import { PhraseListsScreen } from "../../features/flows/components/phrase_lists_screen.tsx";

// The canvas (xyflow) is loaded only when a flow is opened.
const FlowEditor = lazy(() => import("../../features/flows/components/flow_editor.tsx"));

export const FlowsPage = () => (
  <Gate rule={rules.admin}>
    <FlowsScreen />
  </Gate>
);

export const PhraseListsPage = () => (
  <Gate rule={rules.admin}>
    <PhraseListsScreen />
  </Gate>
);

export function FlowEditorPage() {
  const { flowId } = useParams();
  return (
    <Gate rule={rules.admin}>
      {flowId && Number(flowId) > 0
        ? (
          <Suspense fallback={<PageSpinner />}>
            <FlowEditor key={flowId} flowId={Number(flowId)} />
          </Suspense>
        )
        : <FlowsScreen />}
    </Gate>
  );
}
