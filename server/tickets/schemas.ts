/** Ticket bodies (spec 1 §7). */
import { z } from "zod";
import { flag } from "../lib/flag.ts";

export const createTicketInput = z.object({
  contactId: z.coerce.number().int().positive(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  whatsappId: z.coerce.number().int().positive().nullable().optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  status: z.enum(["open", "pending"]).default("open"),
});
export type CreateTicketInput = z.infer<typeof createTicketInput>;

export const updateTicketInput = z.object({
  status: z.enum(["open", "pending", "closed", "group"]).optional(),
  userId: z.coerce.number().int().positive().nullable().optional(),
  queueId: z.coerce.number().int().positive().nullable().optional(),
  sendFarewellMessage: flag.optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0).optional(),
  msgTransfer: z.string().max(5000).optional(),
  isTransfered: flag.optional(),
  useIntegration: flag.optional(),
  integrationId: z.coerce.number().int().positive().nullable().optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketInput>;

export const closeAllInput = z.object({
  status: z.enum(["open", "pending", "group"]),
  selectedQueueIds: z.array(z.coerce.number().int().positive()).optional(),
});
