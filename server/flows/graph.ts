/**
 * The flow graph as the editor stores it (spec 3 §3 Node, Connection): nodes {id, type, position,
 * data} and edges {source, sourceHandle, target}. Branching nodes name their exits by handle:
 * menu options `a{number}`, randomizer and condition `a` (chosen / true) and `b` (other / false);
 * every other node has one exit. Save checks the graph so the runtime never meets a node it
 * cannot run: one start, known types with their required data, no edge to a missing node, every
 * required exit wired.
 */
import { AppError } from "../lib/errors.ts";
import { inlineProblem, isInline } from "./inline_bots.ts";
import { BLOCK_ELEMENTS, CONDITIONS, NODE_TYPES, type NodeType } from "@contract/flows.ts";

export { BLOCK_ELEMENTS, CONDITIONS, NODE_TYPES, type NodeType };

export type FlowNode = { id: string; type: NodeType; position: { x: number; y: number }; data: NodeData };
export type FlowEdge = { id?: string; source: string; target: string; sourceHandle?: string | null };
export type Graph = { nodes: FlowNode[]; connections: FlowEdge[] };

/**
 * A node's data as it arrives: the contract's `NodeDataMap` says what each type stores, but a
 * graph is read before it is checked (and runs as it was saved), so its fields are read loosely.
 */
// deno-lint-ignore no-explicit-any
export type NodeData = Record<string, any>;

export const menuOptions = (d: NodeData): { number: number; value: string }[] =>
  Array.isArray(d.arrayOption)
    ? d.arrayOption.map((o: NodeData, i: number) => ({
      number: Number(o?.number ?? i + 1),
      value: String(o?.value ?? ""),
    }))
    : [];

/** The exits a node must have wired (besides the plain `null` exit of linear nodes). */
export function branchHandles(n: FlowNode): string[] {
  if (n.type === "menu") return menuOptions(n.data).map((o) => `a${o.number}`);
  if (n.type === "randomizer" || n.type === "condition") return ["a", "b"];
  return [];
}

const positive = (v: unknown, max = 120) => Number.isFinite(Number(v)) && Number(v) > 0 && Number(v) <= max;
const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;

/** Why a node's data cannot run, or null. Messages are the editor's (spec 3 §5). */
function dataProblem(n: FlowNode): string | null {
  const d = n.data ?? {};
  switch (n.type) {
    case "start":
      return null;
    case "message":
      return text(d.label) ? null : "Campos de mensaje vacíos";
    case "menu": {
      const opts = menuOptions(d);
      if (!text(d.message) || !opts.length || opts.some((o) => !o.value.trim())) {
        return "Campos de mensaje vacíos";
      }
      return new Set(opts.map((o) => o.number)).size === opts.length ? null : "duplicate option number";
    }
    case "question":
      return text(d.typebotIntegration?.message) &&
          /^[A-Za-z_][\w]{0,39}$/.test(d.typebotIntegration?.answerKey ?? "")
        ? null
        : "question needs a message and an answerKey";
    case "interval":
      return positive(d.sec) ? null : "Tiempo máximo alcanzado 120 segundos";
    case "randomizer":
      return Number(d.percent) >= 0 && Number(d.percent) <= 100 ? null : "percent 0-100";
    case "condition":
      return text(d.key) && (CONDITIONS as readonly string[]).includes(d.condition) ? null : "condition";
    case "img":
    case "audio":
    case "video":
      return text(d.url) ? null : "Borrar las tarjetas vacías (Imagen, Audio y Vídeo)";
    case "singleBlock": {
      const seq: unknown[] = Array.isArray(d.seq) ? d.seq : [];
      const els: NodeData[] = Array.isArray(d.elements) ? d.elements : [];
      if (!seq.length) return "Campos de mensaje vacíos";
      for (const key of seq) {
        const el = els.find((e) => e?.number === key);
        if (!el || !(BLOCK_ELEMENTS as readonly string[]).includes(el.type)) {
          return "Campos de mensaje vacíos";
        }
        if (el.type === "interval" && !positive(el.value)) {
          return "El intervalo no puede ser 0 ni superior a 120.";
        }
        if (el.type !== "interval" && !text(el.value)) {
          return el.type === "message"
            ? "Campos de mensaje vacíos"
            : "Borrar las tarjetas vacías (Imagen, Audio y Vídeo)";
        }
      }
      return null;
    }
    case "ticket":
      return Number(d.id) > 0 ? null : "Añadir una cola";
    case "typebot":
      if (isInline(n)) return inlineProblem(n);
      return Number(d.integrationId) > 0 ? null : "Required";
    case "openai":
      if (isInline(n)) return inlineProblem(n);
      return Number(d.promptId) > 0 ? null : "Required";
  }
}

const invalid = (message: string, nodeId?: string) =>
  new AppError("ERR_VALIDATION", { message, details: [{ path: nodeId ?? "flow", message }] });

/** Checks a graph for save; answers it normalised (unknown edge handles dropped to null). */
export function checkGraph(raw: { nodes: NodeData[]; connections: NodeData[] }): Graph {
  const nodes = raw.nodes as FlowNode[];
  const ids = new Set<string>();
  for (const n of nodes) {
    if (!(NODE_TYPES as readonly string[]).includes(n.type)) {
      throw invalid(`unknown node type ${n.type}`, n.id);
    }
    if (ids.has(n.id)) throw invalid("duplicate node id", n.id);
    ids.add(n.id);
    const p = dataProblem(n);
    if (p) throw invalid(p, n.id);
  }
  if (nodes.length && nodes.filter((n) => n.type === "start").length !== 1) {
    throw invalid("a flow has exactly one start node");
  }
  const edges = raw.connections as FlowEdge[];
  for (const e of edges) {
    if (!ids.has(e.source) || !ids.has(e.target)) throw invalid("edge to a missing node", e.source);
  }
  for (const n of nodes) {
    for (const h of branchHandles(n)) {
      if (!edges.some((e) => e.source === n.id && e.sourceHandle === h)) {
        throw invalid(`exit ${h} is not connected`, n.id);
      }
    }
  }
  return { nodes, connections: edges };
}

/** The node an exit leads to (linear nodes: their first edge). */
export function nextOf(g: Graph, nodeId: string, handle: string | null = null): FlowNode | null {
  const e = g.connections.find((c) => c.source === nodeId && (handle === null || c.sourceHandle === handle));
  return e ? g.nodes.find((n) => n.id === e.target) ?? null : null;
}

export const startOf = (g: Graph): FlowNode | null =>
  g.nodes.find((n) => n.type === "start") ?? g.nodes[0] ?? null;

/** Media paths (company{id}/flow/…) a graph refers to: they must be the company's own files. */
export function mediaPaths(g: Graph): string[] {
  const out: string[] = [];
  for (const n of g.nodes) {
    if (n.type === "img" || n.type === "audio" || n.type === "video") out.push(String(n.data.url));
    if (n.type === "singleBlock") {
      for (const el of (n.data.elements ?? []) as NodeData[]) {
        if (el.type !== "message" && el.type !== "interval") out.push(String(el.value));
      }
    }
  }
  return out;
}
