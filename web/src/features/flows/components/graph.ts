/**
 * The flow graph as stored (spec 3 §3 Node, Connection) and as xyflow draws it. Stored nodes are
 * {id, type, position, data}; stored edges {id, source, target, sourceHandle}. Only these fields are
 * saved, so a graph reloads exactly as it was saved.
 */
import type { Edge, Node } from "@xyflow/react";
import {
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  NODE_TYPES,
  type NodeDataMap,
  type NodeType,
} from "@contract/flows.ts";

/**
 * A node's data while the dialog edits it: the contract's `NodeDataMap` says what each type
 * stores once saved; a draft is patched field by field, so it is read loosely.
 */
// deno-lint-ignore no-explicit-any
export type NodeData = Record<string, any>;
export type StoredNode = FlowNode;
export type StoredEdge = FlowEdge;

export { type FlowGraph, NODE_TYPES, type NodeType };

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A node id: 30 random alphanumeric characters (spec 3 §3). */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(30));
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join("");
}

export const menuOptions = (d: NodeData): { number: number; value: string }[] =>
  Array.isArray(d.arrayOption) ? d.arrayOption : [];

/** The exits a node has: menu options `a{n}`, randomizer/condition `a` and `b`, else one plain exit. */
export function exitsOf(type: NodeType, data: NodeData): (string | null)[] {
  if (type === "menu") return menuOptions(data).map((o) => `a${o.number}`);
  if (type === "randomizer" || type === "condition") return ["a", "b"];
  if (type === "ticket" || type === "typebot" || type === "openai") return [];
  return [null];
}

export function defaultData(type: NodeType): NodeData {
  switch (type) {
    case "message":
      return { label: "" };
    case "menu":
      return { message: "", arrayOption: [{ number: 1, value: "" }] };
    case "question":
      return { typebotIntegration: { message: "", answerKey: "" } };
    case "interval":
      return { sec: 5 };
    case "randomizer":
      return { percent: 50 };
    case "condition":
      return { key: "", condition: "equals", value: "" };
    case "img":
    case "video":
      return { url: "" };
    case "audio":
      return { url: "", record: true };
    case "singleBlock":
      return { seq: [], elements: [] };
    case "ticket":
      return { id: null, name: "" };
    case "typebot":
      return { integrationId: null, name: "" };
    case "openai":
      return { promptId: null, name: "" };
    default:
      return {};
  }
}

export const toCanvas = (g: FlowGraph): { nodes: Node[]; edges: Edge[] } => ({
  nodes: g.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position, data: n.data })),
  edges: g.connections.map((e) => ({
    id: e.id || `${e.source}-${e.sourceHandle ?? ""}-${e.target}`,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? null,
  })),
});

export const fromCanvas = (nodes: Node[], edges: Edge[]): FlowGraph => ({
  nodes: nodes.map((n) =>
    ({
      id: n.id,
      type: n.type as NodeType,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data as NodeDataMap[NodeType],
    }) as FlowNode
  ),
  connections: edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? null,
  })),
});

/** What blocks a save: i18n key and the node at fault. */
export function graphProblem(g: FlowGraph): { key: string; nodeId?: string } | null {
  if (!g.nodes.length) return null;
  if (g.nodes.filter((n) => n.type === "start").length !== 1) return { key: "editor.errors.oneStart" };
  for (const n of g.nodes) {
    for (const h of exitsOf(n.type, n.data)) {
      if (h === null) continue;
      if (!g.connections.some((e) => e.source === n.id && e.sourceHandle === h)) {
        return { key: "editor.errors.dangling", nodeId: n.id };
      }
    }
  }
  return null;
}
