/** The webchat connection's settings: validation, defaults and origin matching. */
import { z } from "zod";
import type { WebchatConfig } from "@db/schema.ts";
import {
  WEBCHAT_COLOR,
  WEBCHAT_DEFAULTS,
  WEBCHAT_LANGUAGES,
  WEBCHAT_OFFLINE,
  WEBCHAT_POSITIONS,
} from "@contract/webchat.ts";

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

const bool = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "0", "1"])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");

const DEFAULTS: WebchatConfig = WEBCHAT_DEFAULTS;

/** Any subset of the settings (a PUT changes only what it names). */
export const webchatPatchInput = z.object({
  color: z.string().trim().regex(WEBCHAT_COLOR, "#rrggbb"),
  title: z.string().trim().max(60),
  greeting: z.string().trim().max(500),
  avatarUrl: z.preprocess((v) => v === "" ? null : v, z.url({ protocol: /^https?$/ }).max(500).nullable()),
  position: z.enum(WEBCHAT_POSITIONS),
  language: z.enum(WEBCHAT_LANGUAGES),
  allowedOrigins: z.array(origin).max(20).transform((a) => [...new Set(a)]),
  offline: z.enum(WEBCHAT_OFFLINE),
  useBusinessHours: bool,
}).partial();

/** The settings over `base` (the defaults, or the stored ones on an update). */
export function mergeWebchat(
  base: WebchatConfig | null,
  patch: z.infer<typeof webchatPatchInput>,
): WebchatConfig {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return { ...DEFAULTS, ...base, ...defined } as WebchatConfig;
}

/** A full settings value: what is missing takes its default. */
export const webchatConfigInput = webchatPatchInput.transform((p) => mergeWebchat(null, p));

export const defaultWebchatConfig = (): WebchatConfig => ({ ...DEFAULTS });

/** Whether a page on `origin` may embed the connection's widget. No allowed origin = none may. */
export function originAllowed(config: WebchatConfig | null, origin: string | null | undefined): boolean {
  if (!config || !origin) return false;
  const o = normalizeOrigin(origin);
  return !!o && config.allowedOrigins.includes(o);
}
