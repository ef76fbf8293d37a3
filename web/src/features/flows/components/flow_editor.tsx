import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MiniMap,
  type Node,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from "@xyflow/react";
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

const NODE_W = 224;
const GAP = 40;
const DUP_OFFSET = 240;
const nodeTypes = Object.fromEntries(NODE_TYPES.map((t) => [t, FlowNodeView]));

/**
 * A new node goes to the right of the last one, 40 px apart (spec 3 §4); past four in a row it
 * starts a new row under the lowest node, so a long flow stays readable without zooming out.
 */
function placeNext(nodes: Node[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { x: 0, y: 0 };
  const minX = Math.min(...nodes.map((n) => n.position.x));
  const x = last.position.x + NODE_W + GAP;
  if (x - minX < 4 * (NODE_W + GAP)) return { x, y: last.position.y };
  return { x: minX, y: Math.max(...nodes.map((n) => n.position.y + (n.measured?.height ?? 100))) + 60 };
}

type Snapshot = { nodes: Node[]; edges: Edge[] };
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
  const [nodes, setNodes] = useState<Node[]>(start.nodes);
  const [edges, setEdges] = useState<Edge[]>(start.edges);
  // What is on the server, as the canvas shows it (a new flow's start node included): only the
  // user's own changes make the editor "unsaved".
  const [saved, setSaved] = useState(() => JSON.stringify(fromCanvas(start.nodes, start.edges)));
  const [editing, setEditing] = useState<Editing>(null);
  const history = useRef<Snapshot[]>([]);
  const current = useRef<Snapshot>({ nodes, edges });
  current.current = { nodes, edges };

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

  /**
   * Remembers the canvas before a change, for undo. React Flow reports one deletion twice (the
   * node, then its edges) before re-rendering: the same canvas is remembered once, so one undo
   * brings back the whole deletion.
   */
  const rememberedFrom = useRef<Snapshot | null>(null);
  const remember = useCallback(() => {
    if (rememberedFrom.current === current.current) return;
    rememberedFrom.current = current.current;
    history.current.push(structuredClone(current.current));
    if (history.current.length > 100) history.current.shift();
  }, []);
  const undo = useCallback(() => {
    const prev = history.current.pop();
    if (!prev) return;
    setNodes(prev.nodes);
    setEdges(prev.edges);
  }, []);

  const onNodesChange = useCallback((changes: NodeChange[]) => {
    if (changes.some((c) => c.type === "remove")) remember();
    setNodes((ns) => {
      const next = applyNodeChanges(changes, ns);
      const removed = new Set(changes.flatMap((c) => (c.type === "remove" ? [c.id] : [])));
      if (removed.size) setEdges((es) => es.filter((e) => !removed.has(e.source) && !removed.has(e.target)));
      return next;
    });
  }, [remember]);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    if (changes.some((c) => c.type === "remove")) remember();
    setEdges((es) => applyEdgeChanges(changes, es));
  }, [remember]);
  const onConnect = useCallback((c: Connection) => {
    if (c.source === c.target) return;
    remember();
    // One edge per exit: a new connection from an exit replaces the old one.
    setEdges((es) =>
      addEdge(
        { ...c, id: `e${newNodeId().slice(0, 12)}` },
        es.filter((e) => !(e.source === c.source && (e.sourceHandle ?? null) === (c.sourceHandle ?? null))),
      )
    );
  }, [remember]);

  const removeNode = useCallback((id: string) => {
    remember();
    setNodes((ns) => ns.filter((n) => n.id !== id));
    setEdges((es) => es.filter((e) => e.source !== id && e.target !== id));
  }, [remember]);
  const duplicateNode = useCallback((id: string) => {
    const src = current.current.nodes.find((n) => n.id === id);
    if (!src || src.type === "start") return;
    remember();
    const right = Math.max(...current.current.nodes.map((n) => n.position.x));
    setNodes((ns) => [
      ...ns.map((n) => ({ ...n, selected: false })),
      {
        id: newNodeId(),
        type: src.type,
        position: { x: right + DUP_OFFSET, y: src.position.y },
        data: structuredClone(src.data),
        selected: true,
      },
    ]);
  }, [remember]);
  const actions = useMemo(() => ({ duplicate: duplicateNode, remove: removeNode }), [
    duplicateNode,
    removeNode,
  ]);

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
