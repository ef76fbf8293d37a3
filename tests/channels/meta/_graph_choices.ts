/**
 * What the local Graph server checks of messages that carry choices before it accepts them, as
 * Meta refuses them: Cloud API `interactive` reply buttons (1–3, titles ≤ 20, unique, ids ≤ 256)
 * and lists (one button label ≤ 20, ≤ 10 rows in all, row titles ≤ 24, ids ≤ 200, a body), and
 * Messenger/Instagram quick replies (≤ 13, text titles ≤ 20, non-empty text). Answers the reason,
 * or null when the message is acceptable or carries no choices.
 */
type Json = Record<string, unknown>;

const len = (v: unknown) => (typeof v === "string" ? [...v].length : -1);

function cloud(i: Json): string | null {
  const body = (i.body as Json | undefined)?.text;
  if (len(body) < 1 || len(body) > 4096) return "interactive body text required";
  const action = (i.action ?? {}) as Json;
  if (i.type === "button") {
    const buttons = (action.buttons ?? []) as { type?: string; reply?: { id?: string; title?: string } }[];
    if (buttons.length < 1 || buttons.length > 3) return "buttons: 1 to 3";
    const titles = buttons.map((b) => b.reply?.title);
    if (titles.some((t) => len(t) < 1 || len(t) > 20)) return "button title: 1 to 20 characters";
    if (new Set(titles).size !== titles.length) return "button titles must be unique";
    if (buttons.some((b) => b.type !== "reply" || len(b.reply?.id) < 1 || len(b.reply?.id) > 256)) {
      return "button reply id: 1 to 256 characters";
    }
    return null;
  }
  if (i.type === "list") {
    if (len(action.button) < 1 || len(action.button) > 20) return "list button: 1 to 20 characters";
    const sections = (action.sections ?? []) as { title?: string; rows?: Json[] }[];
    const rows = sections.flatMap((s) => s.rows ?? []);
    if (!sections.length || sections.length > 10 || rows.length < 1 || rows.length > 10) {
      return "list: 1 to 10 rows in all";
    }
    if (sections.length > 1 && sections.some((s) => len(s.title) < 1)) return "section titles required";
    if (rows.some((r) => len(r.title) < 1 || len(r.title) > 24)) return "row title: 1 to 24 characters";
    if (rows.some((r) => r.description !== undefined && len(r.description) > 72)) {
      return "row description ≤ 72";
    }
    if (rows.some((r) => len(r.id) < 1 || len(r.id) > 200)) return "row id: 1 to 200 characters";
    return null;
  }
  return null;
}

function quickReplies(message: Json): string | null {
  const qrs = message.quick_replies as { content_type?: string; title?: string; payload?: string }[];
  if (len(message.text) < 1) return "quick replies need a text";
  if (qrs.length < 1 || qrs.length > 13) return "quick_replies: 1 to 13";
  if (qrs.some((q) => q.content_type === "text" && (len(q.title) < 1 || len(q.title) > 20))) {
    return "quick reply title: 1 to 20 characters";
  }
  if (qrs.some((q) => q.content_type === "text" && len(q.payload) < 1)) return "quick reply payload required";
  return null;
}

/** The message's choices, when it has some: `{kind, problem}`. */
export function checkChoices(json: Json | undefined): { kind: string; problem: string | null } | null {
  if (!json) return null;
  if (json.type === "interactive") {
    const i = (json.interactive ?? {}) as Json;
    return { kind: `interactive:${i.type}`, problem: cloud(i) };
  }
  const message = json.message as Json | undefined;
  if (message && Array.isArray(message.quick_replies)) {
    return { kind: "quick_replies", problem: quickReplies(message) };
  }
  return null;
}
