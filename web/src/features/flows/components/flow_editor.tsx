import "@xyflow/react/dist/style.css";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { ArrowLeft, Maximize, Plus, Save, Undo2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../components/ui/dropdown_menu.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { LeaveGuard } from "../../../components/ui/leave_guard.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { planAllows } from "../../../lib/permissions.ts";
import { useFlow, useSaveGraph } from "../api/flows.ts";
import {
  defaultData,
  fromCanvas,
  graphProblem,
  newNodeId,
  NODE_TYPES,
  type NodeData,
  type NodeType,
  toCanvas,
} from "./graph.ts";
import { FlowNodeView, NODE_ICONS, NodeActions } from "./flow_nodes.tsx";
import { NodeDialog } from "./node_dialog.tsx";
import { placeNext, useFlowCanvas } from "./use_flow_canvas.ts";

const nodeTypes = Object.fromEntries(NODE_TYPES.map((t) => [t, FlowNodeView]));

type Editing = { type: NodeType; id?: string; data: NodeData } | null;

/** /flowbuilder/{id}: the canvas of one flow (spec 3 §2 flow editor). */
export default function FlowEditor({ flowId }: { flowId: number }) {
  const flow = useFlow(flowId);
  if (flow.isPending) return <PageSpinner />;
  if (flow.isError || !flow.data) return <EditorMissing />;
  return (
    <ReactFlowProvider>
      <Canvas key={flow.data.id} flowId={flowId} name={flow.data.name} initial={flow.data.flow} />
    </ReactFlowProvider>
  );
}

function EditorMissing() {
  const { t } = useTranslation("flows");
  return (
    <div className="p-6 text-sm text-ink-muted">
      {t("editor.notFound")} <Link className="text-primary underline" to="/flowbuilders">{t("title")}</Link>
    </div>
  );
}

function Canvas(
  { flowId, name, initial }: { flowId: number; name: string; initial: ReturnType<typeof fromCanvas> },
) {
  const { t } = useTranslation("flows");
  const rf = useReactFlow();
  const save = useSaveGraph(flowId);
  const start = useMemo(() => {
    const c = toCanvas(initial);
    // A new flow starts with its start node.
    if (!c.nodes.length) c.nodes = [{ id: newNodeId(), type: "start", position: { x: 0, y: 0 }, data: {} }];
    return c;
  }, [initial]);
  const {
    nodes,
    edges,
    setNodes,
    setEdges,
    current,
    remember,
    undo,
    onNodesChange,
    onEdgesChange,
    onConnect,
    actions,
  } = useFlowCanvas(start);
  // What is on the server, as the canvas shows it (a new flow's start node included): only the
  // user's own changes make the editor "unsaved".
  const [saved, setSaved] = useState(() => JSON.stringify(fromCanvas(start.nodes, start.edges)));
  const [editing, setEditing] = useState<Editing>(null);

  const graph = fromCanvas(nodes, edges);
  const dirty = JSON.stringify(graph) !== saved;
  const variables = [
    ...new Set(
      graph.nodes.filter((n) => n.type === "question").map((n) =>
        String(n.data.typebotIntegration?.answerKey ?? "")
      )
        .filter(Boolean),
    ),
  ];

  const commitDialog = (data: NodeData) => {
    if (!editing) return;
    remember();
    if (editing.id) {
      setNodes((ns) => ns.map((n) => (n.id === editing.id ? { ...n, data, selected: false } : n)));
      // Exits that no longer exist (a removed menu option) lose their edges.
      if (editing.type === "menu") {
        const handles = new Set((data.arrayOption as { number: number }[]).map((o) => `a${o.number}`));
        setEdges((es) => es.filter((e) => e.source !== editing.id || handles.has(e.sourceHandle ?? "")));
      }
    } else {
      const position = placeNext(current.current.nodes);
      const id = newNodeId();
      setNodes((
        ns,
      ) => [...ns.map((n) => ({ ...n, selected: false })), { id, type: editing.type, position, data }]);
      requestAnimationFrame(() => rf.fitView({ padding: 0.2, duration: 200 }));
    }
    setEditing(null);
  };

  const addNode = (type: NodeType) => {
    if (type === "start") return;
    setEditing({ type, data: defaultData(type) });
  };

  const doSave = async () => {
    const g = fromCanvas(current.current.nodes, current.current.edges);
    const p = graphProblem(g);
    if (p) {
      if (p.nodeId) setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === p.nodeId })));
      return toastError(t(p.key));
    }
    try {
      await save.mutateAsync(g);
      setSaved(JSON.stringify(g));
      toastSuccess(t("editor.saved"));
    } catch (err) {
      toastError(err);
    }
  };

  // Keyboard: Ctrl/Cmd+Z undo, Ctrl/Cmd+S save, Enter edits the selected node.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (editing || target.closest("input, textarea, [role=dialog]")) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === "z") {
        e.preventDefault();
        undo();
      } else if (mod && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void doSave();
      } else if (e.key === "Enter") {
        const sel = current.current.nodes.filter((n) => n.selected);
        if (sel.length === 1) setEditing({ type: sel[0].type as NodeType, id: sel[0].id, data: sel[0].data });
      }
    };
    globalThis.addEventListener("keydown", onKey);
    return () => globalThis.removeEventListener("keydown", onKey);
  });

  const hasStart = nodes.some((n) => n.type === "start");
  const me = useCurrentUser();
  const plan = { integrations: planAllows(me, "useIntegrations"), openAi: planAllows(me, "useOpenAi") };
  return (
    <div
      className="flex h-[calc(100dvh-8rem)] min-h-[480px] flex-col overflow-hidden rounded-xl border border-line bg-surface"
      data-testid="flow-editor"
    >
      <LeaveGuard when={dirty} />
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2">
        <Button asChild variant="ghost" size="icon-sm" aria-label={t("editor.back")}>
          <Link to="/flowbuilders">
            <ArrowLeft className="size-4" />
          </Link>
        </Button>
        <h1
          className="min-w-[9rem] flex-1 truncate text-base font-semibold text-ink"
          data-testid="flow-editor-name"
        >
          {name}
        </h1>
        <span className="hidden text-xs text-ink-subtle lg:inline" data-testid="flow-save-hint">
          {dirty ? t("editor.unsaved") : t("editor.hint")}
        </span>
        <Menu>
          <MenuTrigger asChild>
            <Button variant="secondary" size="sm" data-testid="flow-add-node">
              <Plus className="size-4" />
              {t("editor.addNode")}
            </Button>
          </MenuTrigger>
          <MenuContent align="end" className="max-h-[70dvh] overflow-y-auto">
            {NODE_TYPES.map((type) => (
              <MenuItem
                key={type}
                disabled={(type === "start" && hasStart) || (type === "typebot" && !plan.integrations) ||
                  (type === "openai" && !plan.openAi)}
                onSelect={() => addNode(type)}
                data-testid={`flow-add-${type}`}
              >
                <span className="[&>svg]:size-4">{NODE_ICONS[type]}</span>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </MenuContent>
        </Menu>
        <Button
          variant="secondary"
          size="icon-sm"
          aria-label={t("editor.undo")}
          title={t("editor.undo")}
          onClick={undo}
          data-testid="flow-undo"
        >
          <Undo2 className="size-4" />
        </Button>
        <Button
          variant="secondary"
          size="icon-sm"
          aria-label={t("editor.fit")}
          title={t("editor.fit")}
          onClick={() => rf.fitView({ padding: 0.2, duration: 200 })}
        >
          <Maximize className="size-4" />
        </Button>
        <Button size="sm" onClick={doSave} loading={save.isPending} data-testid="flow-save">
          <Save className="size-4" />
          {t("editor.save")}
        </Button>
      </div>
      <div className="relative flex-1" data-testid="flow-canvas">
        <div className="absolute inset-0">
          <NodeActions.Provider value={actions}>
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDragStart={remember}
              onNodeDoubleClick={(_, n) => setEditing({ type: n.type as NodeType, id: n.id, data: n.data })}
              deleteKeyCode={["Delete", "Backspace"]}
              colorMode={document.documentElement.classList.contains("dark") ? "dark" : "light"}
              fitView
              fitViewOptions={{ padding: 0.2 }}
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
              defaultEdgeOptions={{ style: { strokeWidth: 2 } }}
            >
              <Background gap={20} />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable className="!hidden sm:!block" />
            </ReactFlow>
          </NodeActions.Provider>
        </div>
      </div>
      {editing && (
        <NodeDialog
          type={editing.type}
          data={editing.data}
          variables={variables}
          creating={!editing.id}
          onSave={commitDialog}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
