/** A flow graph fixture with one node of each kind the runtime tests and route tests use. */
export const nid = (s: string) => s.padEnd(30, "x").slice(0, 30);

export type G = { nodes: Record<string, unknown>[]; connections: Record<string, unknown>[] };

export const node = (id: string, type: string, data: Record<string, unknown> = {}, x = 0) => ({
  id: nid(id),
  type,
  position: { x, y: 0 },
  data,
});
export const edge = (source: string, target: string, sourceHandle: string | null = null) => ({
  id: `e-${source}-${target}-${sourceHandle ?? ""}`,
  source: nid(source),
  target: nid(target),
  sourceHandle,
});
