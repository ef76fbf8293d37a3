/**
 * The flow canvas's nodes and edges with their undo history: every change a user can undo
 * (delete, connect, duplicate, a dialog's edit) remembers the canvas first; the editor around it
 * only adds dialogs, saving and the toolbar.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from "@xyflow/react";
import { newNodeId } from "./graph.ts";

const NODE_W = 224;
const GAP = 40;
const DUP_OFFSET = 240;

/**
 * A new node goes to the right of the last one, 40 px apart (spec 3 §4); past four in a row it
 * starts a new row under the lowest node, so a long flow stays readable without zooming out.
 */
export function placeNext(nodes: Node[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { x: 0, y: 0 };
  const minX = Math.min(...nodes.map((n) => n.position.x));
  const x = last.position.x + NODE_W + GAP;
  if (x - minX < 4 * (NODE_W + GAP)) return { x, y: last.position.y };
  return { x: minX, y: Math.max(...nodes.map((n) => n.position.y + (n.measured?.height ?? 100))) + 60 };
}

type Snapshot = { nodes: Node[]; edges: Edge[] };

export function useFlowCanvas(start: Snapshot) {
  const [nodes, setNodes] = useState<Node[]>(start.nodes);
  const [edges, setEdges] = useState<Edge[]>(start.edges);
  const history = useRef<Snapshot[]>([]);
  const current = useRef<Snapshot>({ nodes, edges });
  current.current = { nodes, edges };

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

  return {
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
  };
}
