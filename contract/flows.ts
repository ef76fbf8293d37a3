/**
 * The flow graph as the editor stores it and the server runs it (spec 3 §3 Node, Connection):
 * nodes {id, type, position, data} and edges {id, source, target, sourceHandle}. Branching nodes
 * name their exits by handle: menu options `a{number}`, randomizer and condition `a` (chosen /
 * true) and `b` (other / false); every other node has one exit.
 */

/** Node types in the speed-dial order of spec 3 §2, then the media and condition nodes we also run. */
export const NODE_TYPES = [
  "start",
  "singleBlock",
  "message",
  "menu",
  "randomizer",
  "interval",
  "ticket",
  "typebot",
  "openai",
  "question",
  "condition",
  "img",
  "audio",
  "video",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const CONDITIONS = ["equals", "notEquals", "contains", "greater", "less", "exists"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** What a content block ("singleBlock") may hold, in order. */
export const BLOCK_ELEMENTS = ["message", "interval", "img", "audio", "video", "pdf"] as const;
export type BlockElementType = (typeof BLOCK_ELEMENTS)[number];

/** One element of a content block: `number` is its key in `seq` ("message0", "img1"…). */
export type BlockElement = {
  number: string;
  type: BlockElementType;
  /** The text, the interval in seconds, or the uploaded file's path. */
  value: string | number;
  /** The uploaded file's original name. */
  original?: string;
  /** Audio: send as a recorded voice note. */
  record?: boolean;
};

export type MenuOption = { number: number; value: string };

/** A media node's file: the uploaded path and its original name. */
export type MediaNodeData = { url: string; original?: string };

/** The data each node type carries. */
export type NodeDataMap = {
  start: Record<string, never>;
  message: { label: string };
  menu: { message: string; arrayOption: MenuOption[] };
  question: { typebotIntegration: { message: string; answerKey: string } };
  interval: { sec: number };
  randomizer: { percent: number };
  condition: { key: string; condition: Condition; value: string };
  img: MediaNodeData;
  video: MediaNodeData;
  audio: MediaNodeData & { record?: boolean };
  singleBlock: { seq: string[]; elements: BlockElement[] };
  /** Transfer to a queue. */
  ticket: { id: number | null; name: string };
  typebot: { integrationId: number | null; name: string };
  openai: { promptId: number | null; name: string };
};

export type NodeData<T extends NodeType = NodeType> = NodeDataMap[T];

/** A node of type T; `FlowNode` is the union over every type, narrowed by `type`. */
export type FlowNodeOf<T extends NodeType> = {
  id: string;
  type: T;
  position: { x: number; y: number };
  data: NodeDataMap[T];
};
export type FlowNode = { [T in NodeType]: FlowNodeOf<T> }[NodeType];

export type FlowEdge = { id: string; source: string; target: string; sourceHandle: string | null };

/** A flow's graph as saved: `connections` are its edges. */
export type FlowGraph = { nodes: FlowNode[]; connections: FlowEdge[] };
