/**
 * What an attendant reads of a mail (mailparser's parse of the raw message): the plain-text part
 * when there is one (HTML-only mail is sanitised to text, never rendered as sent), with the quoted
 * history of a reply and the sender's signature folded away; its attachments and inline images as
 * files; its threading ids; and whether a machine sent it (auto-reply, bounce), which no bot answers.
 */
import type { ParsedMail } from "mailparser";
import type SanitizeHtml from "sanitize-html";

/**
 * sanitize-html on first use: a process with no mailbox never holds it (bench/boot_cost.ts). The
 * paths that read mail await loadSanitizer() (receiveParsed) before htmlToText / safeHtml run.
 */
let sanitizer: typeof SanitizeHtml | null = null;
export async function loadSanitizer(): Promise<void> {
  sanitizer ??= (await import("sanitize-html")).default;
}
function sanitizeHtml(): typeof SanitizeHtml {
  if (!sanitizer) throw new Error("sanitize-html is not loaded: await loadSanitizer() first");
  return sanitizer;
}

/** A Message-ID without its angle brackets (RFC 5322 msg-id), or null. */
export function bareId(id: string | undefined | null): string | null {
  const v = id?.trim().replace(/^<|>$/g, "").trim();
  return v ? v : null;
}

/** Our provider id for a mail: its Message-ID. */
export const mailWid = (messageId: string) => `mail:${messageId}`;

/**
 * The ids a reply names, most specific first: In-Reply-To, then References newest first
 * (RFC 5322 §3.6.4).
 */
export function threadIds(mail: ParsedMail): string[] {
  const refs = typeof mail.references === "string" ? [mail.references] : mail.references ?? [];
  const ids = [mail.inReplyTo, ...[...refs].reverse()].map(bareId).filter((x): x is string => !!x);
  return [...new Set(ids)];
}

const header = (mail: ParsedMail, name: string): string => {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "object" && "value" in v) return String((v as { value: unknown }).value);
  return String(v);
};

/**
 * `bounce`: a delivery status notification (multipart/report; report-type=delivery-status, or
 * from MAILER-DAEMON / postmaster); `auto`: an auto-reply (RFC 3834 Auto-Submitted, Precedence
 * bulk/junk/list/auto_reply, the X-Autoreply family); null: a person wrote it.
 */
export function machineKind(mail: ParsedMail): "bounce" | "auto" | null {
  const ct = mail.headers.get("content-type") as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  if (ct?.value === "multipart/report" && /delivery-status/i.test(ct.params?.["report-type"] ?? "")) {
    return "bounce";
  }
  const from = mail.from?.value?.[0]?.address ?? "";
  if (/^(mailer-daemon|postmaster)@/i.test(from)) return "bounce";
  const auto = header(mail, "auto-submitted").trim().toLowerCase();
  if (auto && auto !== "no") return "auto";
  if (/^(bulk|junk|list|auto_reply)$/i.test(header(mail, "precedence").trim())) return "auto";
  if (header(mail, "x-autoreply") || header(mail, "x-autorespond") || header(mail, "x-autoresponse")) {
    return "auto";
  }
  if (
    /^(auto[- ]?reply|out of office|automatic reply|resposta automática|respuesta automática)/i.test(
      mail.subject ?? "",
    )
  ) return "auto";
  return null;
}

/** Lines that open a quoted history: Gmail's "On … wrote:", Outlook's header block and separator. */
const QUOTE_OPENERS = [
  /^On .{5,300}wrote:\s*$/,
  /^Em .{5,300}escreveu:\s*$/,
  /^El .{5,300}escribió:\s*$/,
  /^Le .{5,300}a écrit\s*:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^-{2,}\s*Mensagem original\s*-{2,}/i,
  /^-{2,}\s*Forwarded message\s*-{2,}/i,
  /^_{20,}\s*$/,
];
/** Outlook's reply header: From:/De: followed within a few lines by Sent:/Enviado:/Date:. */
const OUTLOOK_FROM = /^\*?(From|De|Von):\*?\s/;
const OUTLOOK_SENT = /^\*?(Sent|Enviado|Enviada|Date|Data|Gesendet|Fecha):\*?\s/;

/**
 * The new part of a reply: everything before the quoted history and the signature ("-- " line,
 * RFC 3676 §4.3). `folded` tells whether anything was cut. Gmail may wrap its "On … wrote:" line
 * in two: the opener is tried on each line joined with the next.
 */
export function foldReply(text: string): { text: string; folded: boolean } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const two = `${line} ${lines[i + 1]?.trim() ?? ""}`;
    if (lines[i] === "-- " || lines[i] === "--") {
      cut = i;
      break;
    }
    if (QUOTE_OPENERS.some((re) => re.test(line) || (i + 1 < lines.length && re.test(two)))) {
      cut = i;
      break;
    }
    if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 5).some((l) => OUTLOOK_SENT.test(l.trim()))) {
      cut = i;
      break;
    }
    if (line.startsWith(">") && lines.slice(i).every((l) => !l.trim() || l.trim().startsWith(">"))) {
      cut = i;
      break;
    }
  }
  const kept = lines.slice(0, cut).filter((l) => !l.trimStart().startsWith(">")).join("\n").trim();
  // A mail that is only a quote (a bare forward): keep it all rather than show nothing.
  if (!kept) return { text: text.trim(), folded: false };
  return { text: kept, folded: cut < lines.length || kept.length < text.trim().length };
}

/** Blocks of HTML mail that hold the quoted history (Gmail, Outlook, Apple Mail, Thunderbird). */
const HTML_QUOTES =
  /<(div|blockquote)[^>]*(class="[^"]*(gmail_quote|moz-cite-prefix)[^"]*"|id="(divRplyFwdMsg|appendonsend)"|type="cite")[^>]*>[\s\S]*$/i;

/** HTML to plain text through the allow-list sanitiser (no tags survive, so nothing can run). */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(HTML_QUOTES, "")
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h\d)\b[^>]*>/gi, "\n");
  const text = sanitizeHtml()(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}

function decodeEntities(s: string): string {
  return s.replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'").replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

/**
 * HTML for display: an allow-list of formatting tags; links open apart; images only from the
 * mail itself (`cid:`, `data:`) — a remote image keeps its address in `data-remote-src` until the
 * attendant asks for it, so opening a mail tells no tracker it was read.
 */
export function safeHtml(html: string): string {
  const sanitize = sanitizeHtml();
  return sanitize(html, {
    allowedTags: [
      ...sanitize.defaults.allowedTags.filter((t) => t !== "img"),
      "img",
      "font",
      "center",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "data-remote-src"],
      "*": ["style", "align", "dir"],
      font: ["color", "size"],
      td: ["colspan", "rowspan", "align", "valign", "style"],
    },
    allowedSchemes: ["http", "https", "mailto", "cid", "data"],
    allowedSchemesByTag: { img: ["cid", "data"] },
    allowedStyles: {
      "*": { color: [/^[#a-z0-9(),. %]+$/i], "text-align": [/^(left|right|center|justify)$/] },
    },
    transformTags: {
      a: (tag, attribs) => ({
        tagName: tag,
        attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
      }),
      img: (tag, attribs) => {
        const src = attribs.src ?? "";
        if (/^(cid|data):/i.test(src)) return { tagName: tag, attribs };
        const { src: _, ...rest } = attribs;
        return { tagName: tag, attribs: /^https?:/i.test(src) ? { ...rest, "data-remote-src": src } : rest };
      },
    },
  });
}

/** The text an attendant reads first: the plain part, else the HTML as text; quotes folded. */
export function readableText(mail: ParsedMail): { text: string; folded: boolean } {
  const plain = mail.text?.trim();
  if (plain) return foldReply(plain);
  if (typeof mail.html === "string" && mail.html) return foldReply(htmlToText(mail.html));
  return { text: "", folded: false };
}

export type MailFile = { data: Uint8Array; mimetype: string; filename: string; cid?: string };

/**
 * The HTML an attendant may open (safeHtml, with the quoted history cut as in the text), or null
 * for a mail without an HTML part.
 */
export function viewableHtml(mail: ParsedMail): string | null {
  if (typeof mail.html !== "string" || !mail.html.trim()) return null;
  const html = safeHtml(mail.html.replace(HTML_QUOTES, "")).trim();
  return html || null;
}

/** Attachments and inline images, each a file of the conversation (nameless ones get a name). */
export function filesOf(mail: ParsedMail): MailFile[] {
  return (mail.attachments ?? [])
    // A DSN's machine-readable parts say nothing an attendant can use.
    .filter((a) => !/^(message\/delivery-status|text\/rfc822-headers)$/i.test(a.contentType))
    .map((a, i) => ({
      data: new Uint8Array(a.content),
      mimetype: a.contentType || "application/octet-stream",
      filename: a.filename || paramName(a.headers) ||
        `${a.related ? "inline" : "attachment"}-${i + 1}.${extOf(a.contentType)}`,
      ...(bareId(a.cid ?? a.contentId) ? { cid: bareId(a.cid ?? a.contentId)! } : {}),
    }));
}

/** A name given only in Content-Type (`name=` or Outlook's `filename=`). */
function paramName(headers: Map<string, unknown>): string | undefined {
  const ct = headers.get("content-type") as { params?: Record<string, string> } | undefined;
  return ct?.params?.name || ct?.params?.filename || undefined;
}

function extOf(mime: string): string {
  const sub = mime.split("/")[1]?.split(/[;+]/)[0] ?? "bin";
  return ({ jpeg: "jpg", plain: "txt", rfc822: "eml" } as Record<string, string>)[sub] ?? sub;
}
