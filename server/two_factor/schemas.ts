/** Bodies of the two-factor routes. */
import { z } from "zod";

export const codeInput = z.object({ code: z.string().trim().min(6).max(20) });
export const challengeInput = z.object({ challenge: z.string().min(20).max(100) });
export const completeInput = challengeInput.extend({ code: z.string().trim().min(6).max(20) });
