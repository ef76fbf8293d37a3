/** Company form (spec 3 §2, §5): name 2-50, e-mail required, plan required, numeric limits. */
import { z } from "zod";
import { boolish } from "../plans/schemas.ts";
import { RECURRENCES } from "../billing/periods.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/).transform((s) => s.slice(0, 10));
const optCount = z.union([z.coerce.number().int().min(0).max(100_000), z.literal("").transform(() => null)])
  .nullish();
const optText = (max: number) => z.string().trim().max(max).nullish();

const base = {
  name: z.string().trim().min(2).max(50),
  email: z.string().trim().toLowerCase().email().max(200),
  phone: optText(40),
  document: optText(40),
  planId: z.coerce.number().int().positive(),
  status: boolish.optional(),
  numberAttendants: optCount,
  numberConections: optCount,
  recurrence: z.enum(RECURRENCES).optional(),
  dueDate: day.nullish(),
  timezone: optText(60),
  paymentMethod: optText(40),
  addressStreet: optText(200),
  addressState: optText(100),
  addressCity: optText(100),
};

export const createCompanyInput = z.object({
  ...base,
  /** The first admin's password (the form's "default password"). */
  password: z.string().min(5).max(100).optional(),
  passwordDefault: z.string().min(5).max(100).optional(),
}).refine((v) => v.password || v.passwordDefault, { path: ["password"], message: "required" });

export const updateCompanyInput = z.object({ ...base }).partial();

export const listCompaniesQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().refine((n) => [5, 10, 25, 50].includes(n)).optional(),
});

export type CreateCompanyInput = z.infer<typeof createCompanyInput>;
export type UpdateCompanyInput = z.infer<typeof updateCompanyInput>;
export type ListCompaniesQuery = z.infer<typeof listCompaniesQuery>;
