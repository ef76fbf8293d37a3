/**
 * Rich messages of the composer's buttons dialog (spec 1 §7: POST /messages/{lista,copy,call,URL,PIX}/{ticketId}):
 * the spec's body shapes, the plain-text rendering every channel can carry (and what the bubble
 * shows), and the structured form a channel that supports it sends instead.
 */
import { z } from "zod";
import { cloudMenu, type MenuData, menuText } from "./menu.ts";

const text = (max: number) => z.string().trim().max(max);
const req = (max: number) => text(max).min(1);

export const PIX_KEY_TYPES = ["CNPJ", "CPF", "PHONE", "EMAIL", "EVP"] as const;

/** WhatsApp list message: at most 10 rows in all, titles of 24 characters. */
export const listSchema = z.object({
  title: text(60).default(""),
  text: req(1024),
  buttonText: req(20),
  footer: text(60).optional(),
  sections: z.array(z.object({
    title: text(24).default(""),
    rows: z.array(z.object({
      id: z.union([z.string(), z.number()]).optional(),
      title: req(24),
      description: text(72).optional(),
    })).min(1).max(10),
  })).min(1).max(10).refine((s) => s.reduce((n, x) => n + x.rows.length, 0) <= 10, {
    message: "at most 10 rows in all",
  }),
});

export const copySchema = z.object({
  title: text(60).default(""),
  description: text(1024).default(""),
  buttonText: text(20).default(""),
  copyText: req(500),
});

export const callSchema = z.object({
  title: text(60).default(""),
  description: text(1024).default(""),
  buttonText: text(20).default(""),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, "a phone number"),
});

/** The spec's URL dialog sends the link as copyText; `url` is accepted too. image: base64 (data URL or raw). */
export const urlSchema = z.object({
  image: z.string().max(1_400_000).optional(),
  title: text(60).default(""),
  description: text(1024).default(""),
  buttonText: text(20).default(""),
  url: z.string().trim().optional(),
  copyText: z.string().trim().optional(),
}).transform((b, ctx) => {
  const url = b.url || b.copyText || "";
  if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000) {
    ctx.addIssue({ code: "custom", path: ["url"], message: "an http(s) link" });
    return z.NEVER;
  }
  return {
    image: b.image || undefined,
    title: b.title,
    description: b.description,
    buttonText: b.buttonText,
    url,
  };
});

export const pixSchema = z.object({
  title: text(60).default(""),
  sendvalue: z.union([z.number(), z.string().trim().regex(/^\d+([.,]\d{1,2})?$/)])
    .transform((v) => Number(String(v).replace(",", ".")))
    .refine((v) => Number.isFinite(v) && v > 0 && v < 1e9, "a positive amount"),
  sendkey_type: z.enum(PIX_KEY_TYPES),
  sendmerchant_name: req(60),
  sendKey: req(100),
}).transform((b) => ({
  ...b,
  // The dialog prefixes +55 to a PHONE key; a client that did not is normalised the same way.
  sendKey: b.sendkey_type === "PHONE" && !b.sendKey.startsWith("+") ? `+55${b.sendKey}` : b.sendKey,
}));

export type RichContent =
  | { kind: "lista"; data: z.infer<typeof listSchema> }
  | { kind: "copy"; data: z.infer<typeof copySchema> }
  | { kind: "call"; data: z.infer<typeof callSchema> }
  | { kind: "URL"; data: Omit<z.infer<typeof urlSchema>, "image"> }
  | { kind: "PIX"; data: z.infer<typeof pixSchema> }
  /** A bot's menu (automation: chatBotType list or button), never sent by the buttons dialog. */
  | { kind: "menu"; data: MenuData };

export const RICH_SCHEMAS = {
  lista: listSchema,
  copy: copySchema,
  call: callSchema,
  URL: urlSchema,
  PIX: pixSchema,
} as const;
export type RichKind = keyof typeof RICH_SCHEMAS;

const bold = (s: string) => (s ? `*${s}*` : "");
const lines = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join("\n");

/** The message as WhatsApp-formatted text: the body stored, and what channels without buttons get. */
export function richText(r: RichContent): string {
  switch (r.kind) {
    case "lista": {
      let n = 0;
      const sections = r.data.sections.map((s) =>
        lines(
          bold(s.title),
          ...s.rows.map((row) => `${++n}. ${row.title}${row.description ? ` — ${row.description}` : ""}`),
        )
      );
      const foot = r.data.footer ? `\n\n_${r.data.footer}_` : "";
      return `${lines(bold(r.data.title), r.data.text)}\n\n${sections.join("\n\n")}${foot}`;
    }
    case "copy":
      return lines(bold(r.data.title), r.data.description, "```" + r.data.copyText + "```");
    case "call":
      return lines(bold(r.data.title), r.data.description, `📞 ${r.data.phone}`);
    case "URL":
      return lines(bold(r.data.title), r.data.description, `🔗 ${r.data.url}`);
    case "menu":
      return menuText(r.data);
    case "PIX": {
      const value = r.data.sendvalue.toFixed(2).replace(".", ",");
      return lines(
        bold(r.data.title || "PIX"),
        r.data.sendmerchant_name,
        `R$ ${value}`,
        `PIX (${r.data.sendkey_type}): ${r.data.sendKey}`,
      );
    }
  }
}

/**
 * WhatsApp Cloud API `interactive` object where the Cloud API has one (list, cta_url, a bot's
 * menu within the limits); null for the others, which go out as text.
 */
export function cloudInteractive(r: RichContent): Record<string, unknown> | null {
  if (r.kind === "menu") return cloudMenu(r.data);
  const body = (s: string) => ({ text: s.slice(0, 1024) || " " });
  if (r.kind === "lista") {
    let n = 0;
    return {
      type: "list",
      ...(r.data.title ? { header: { type: "text", text: r.data.title } } : {}),
      body: body(r.data.text),
      ...(r.data.footer ? { footer: { text: r.data.footer } } : {}),
      action: {
        button: r.data.buttonText,
        sections: r.data.sections.map((s) => ({
          ...(s.title ? { title: s.title } : {}),
          rows: s.rows.map((row) => ({
            id: String(row.id ?? `row-${++n}`),
            title: row.title,
            ...(row.description ? { description: row.description } : {}),
          })),
        })),
      },
    };
  }
  if (r.kind === "URL") {
    return {
      type: "cta_url",
      ...(r.data.title ? { header: { type: "text", text: r.data.title } } : {}),
      body: body(r.data.description || r.data.url),
      action: {
        name: "cta_url",
        parameters: { display_text: (r.data.buttonText || r.data.url).slice(0, 20), url: r.data.url },
      },
    };
  }
  return null;
}

/** The rich content kept with a stored message (messages.data_json), for retries and the api channel. */
export function richOf(dataJson: string | null | undefined): RichContent | undefined {
  if (!dataJson) return undefined;
  try {
    const v = JSON.parse(dataJson) as { rich?: RichContent };
    return v?.rich && typeof v.rich === "object" && "kind" in v.rich ? v.rich : undefined;
  } catch {
    return undefined;
  }
}
