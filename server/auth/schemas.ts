/** Session request bodies (spec 1 §5, spec 3 §5). */
import { z } from "zod";

export const loginInput = z.object({
  email: z.string().trim().min(3).max(200),
  password: z.string().min(1).max(200),
});

export const signupInput = z.object({
  companyName: z.string().trim().min(2).max(50),
  name: z.string().trim().min(2).max(50),
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(5).max(50),
  phone: z.string().transform((p) => p.replace(/\D/g, "")).pipe(z.string().max(20)).optional(),
  planId: z.coerce.number().int().optional(),
});
export type SignupInput = z.infer<typeof signupInput>;

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit (spec 3 §5). */
export const strongPassword = z.string().min(8).max(50)
  .regex(/[A-Z]/, "upper").regex(/[a-z]/, "lower").regex(/\d/, "digit");

export const resetInput = z.object({
  email: z.email(),
  token: z.string().trim().min(4).max(20),
  newPassword: strongPassword,
});
