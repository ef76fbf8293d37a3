/** The create body of POST /api/api-keys (zod; the wire type is contract/api_keys.ts). */
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope, isApiKeyScope } from "@contract/api_keys.ts";
import { normaliseCidr } from "./ip_ranges.ts";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(z.string().refine(isApiKeyScope, "scope_unknown")).min(1).max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)] as ApiKeyScope[]),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  allowedIps: z.array(
    z.string().max(64).transform((v, ctx) => {
      const n = normaliseCidr(v);
      if (!n) ctx.addIssue({ code: "custom", message: "ip_range_invalid" });
      return n ?? v;
    }),
  ).max(50).default([]).transform((l) => [...new Set(l)]),
});
export type CreateApiKey = z.infer<typeof createApiKeyInput>;
