/** Request bodies of the flow builder and phrase campaigns (spec 3 §3, §5, §7). */
import { z } from "zod";

const flowName = z.string().trim().min(2, "Muy corto!").max(50, "Muy largo!");
const id = z.coerce.number().int().positive();
/** Forms send "", 0 or null for "no connection". */
const optionalId = z.preprocess(
  (v) => v === undefined ? undefined : v === "" || v === 0 || v === "0" || v === null ? null : Number(v),
  id.nullable().optional(),
);
/** Flags arrive as booleans, 0/1 or "true"/"false". */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

export const listFlowsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ListFlowsQuery = z.infer<typeof listFlowsQuery>;

export const createFlowInput = z.object({ name: flowName });
export const renameFlowInput = z.object({ flowId: id, name: flowName, active: flag.optional() });
export const duplicateFlowInput = z.object({ flowId: id });

/** A node as the editor sends it; `data` is checked per type by graph.ts. */
const nodeInput = z.object({
  id: z.string().trim().min(1).max(64),
  type: z.string().trim().min(1).max(40),
  position: z.object({ x: z.coerce.number().finite(), y: z.coerce.number().finite() }),
  data: z.record(z.string(), z.unknown()).default({}),
}).passthrough();
const edgeInput = z.object({
  id: z.string().max(200).optional(),
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  sourceHandle: z.string().max(40).nullable().optional(),
  targetHandle: z.string().max(40).nullable().optional(),
}).passthrough();

export const saveGraphInput = z.object({
  idFlow: id,
  nodes: z.array(nodeInput).max(500),
  connections: z.array(edgeInput).max(2000),
});
export type SaveGraphInput = z.infer<typeof saveGraphInput>;

export const createCampaignInput = z.object({
  name: z.string().trim().min(1).max(100),
  flowId: id,
  whatsappId: optionalId,
  phrase: z.string().trim().min(1).max(500),
  status: flag.optional(),
});
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;
export const updateCampaignInput = createCampaignInput.extend({ id });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;
