/** The webchat connection's settings (issue 24): validation, defaults and origin matching. */
import { z } from "zod";
import type { WebchatConfig } from "@db/schema.ts";

/** scheme://host[:port], lower-cased, without a path; what browsers send as `Origin`. */
export function normalizeOrigin(value: string): string | null {
  try {
    const u = new URL(value.trim());
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin.toLowerCase();
  } catch {
    return null;
  }
}

const origin = z.string().trim().max(200).transform((v, ctx) => {
  const o = normalizeOrigin(v);
  if (!o) {
    ctx.addIssue({ code: "custom", message: "an origin like https://www.example.com" });
    return z.NEVER;
  }
  return o;
});

export const webchatConfigInput = z.object({
  color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "#rrggbb").default("#2563eb"),
  title: z.string().trim().max(60).default(""),
  greeting: z.string().trim().max(500).default(""),
  avatarUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().default(null),
  position: z.enum(["right", "left"]).default("right"),
  language: z.enum(["auto", "pt", "es", "en", "tr"]).default("auto"),
  allowedOrigins: z.array(origin).max(20).default([]).transform((a) => [...new Set(a)]),
  offline: z.enum(["collect", "message"]).default("collect"),
  useBusinessHours: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "0", "1"])])
    .transform((v) => v === true || v === 1 || v === "true" || v === "1").default(true),
}) satisfies z.ZodType<WebchatConfig, unknown>;

export const defaultWebchatConfig = (): WebchatConfig => webchatConfigInput.parse({});

/** Whether a page on `origin` may embed the connection's widget. No allowed origin = none may. */
export function originAllowed(config: WebchatConfig | null, origin: string | null | undefined): boolean {
  if (!config || !origin) return false;
  const o = normalizeOrigin(origin);
  return !!o && config.allowedOrigins.includes(o);
}
