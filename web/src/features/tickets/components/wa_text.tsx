/**
 * WhatsApp formatting as React nodes: *bold*, _italic_, ~strike~ and ```mono```, as
 * WhatsApp reads them (a marker opens after a non-word character and before a non-space, closes
 * before a non-word character, never across a line). Everything is text nodes — no HTML is ever
 * interpreted. Optional `highlight` words are marked (search results), case- and accent-blind.
 */
import type { ReactNode } from "react";

type Tag = "b" | "i" | "s" | "code";
export type WaNode = string | { tag: Tag; children: WaNode[] };

const MARKS: Record<string, Tag> = { "*": "b", "_": "i", "~": "s" };
const WORD = /[\p{L}\p{N}]/u;

/** Parses the markup into a tree (exported for tests). */
export function parseWa(text: string): WaNode[] {
  const out: WaNode[] = [];
  const re = /```([\s\S]+?)```/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) out.push(...parseInline(text.slice(last, m.index)));
    out.push({ tag: "code", children: [m[1]] });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(...parseInline(text.slice(last)));
  return out;
}

function closing(s: string, mark: string, from: number): number {
  for (let j = from; j < s.length; j++) {
    const c = s[j];
    if (c === "\n") return -1;
    if (c !== mark) continue;
    if (/\s/.test(s[j - 1]) || j === from) continue;
    if (j + 1 < s.length && WORD.test(s[j + 1])) continue;
    return j;
  }
  return -1;
}

function parseInline(s: string): WaNode[] {
  const out: WaNode[] = [];
  let buf = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    const tag = MARKS[c];
    const opens = tag && (i === 0 || !WORD.test(s[i - 1])) && i + 1 < s.length && !/\s/.test(s[i + 1]);
    const end = opens ? closing(s, c, i + 1) : -1;
    if (end > i + 1) {
      if (buf) out.push(buf), buf = "";
      out.push({ tag, children: parseInline(s.slice(i + 1, end)) });
      i = end + 1;
    } else {
      buf += c;
      i++;
    }
  }
  if (buf) out.push(buf);
  return out;
}

/** Accent- and case-blind folding, one code point in, one out (so positions line up). */
const foldChar = (ch: string) => {
  const f = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return [...f].length === 1 ? f : ch;
};

function marked(text: string, words: string[], key: string): ReactNode {
  if (!words.length) return text;
  const chars = [...text];
  const folded = chars.map(foldChar);
  const hits = new Array<boolean>(chars.length).fill(false);
  for (const w of words) {
    const fw = [...w].map(foldChar);
    if (!fw.length) continue;
    for (let i = 0; i + fw.length <= folded.length; i++) {
      if (fw.every((c, k) => folded[i + k] === c)) fw.forEach((_, k) => (hits[i + k] = true));
    }
  }
  const parts: ReactNode[] = [];
  let run = "";
  let on = false;
  const flush = (i: number) => {
    if (run && on) {
      parts.push(
        <mark key={`${key}-${i}`} className="rounded-sm bg-amber-200/80 px-px text-ink dark:bg-amber-400/40">
          {run}
        </mark>,
      );
    } else if (run) parts.push(run);
    run = "";
  };
  chars.forEach((ch, i) => {
    if (hits[i] !== on) {
      flush(i);
      on = hits[i];
    }
    run += ch;
  });
  flush(chars.length);
  return parts;
}

function render(nodes: WaNode[], words: string[], key = "n"): ReactNode[] {
  return nodes.map((n, i) => {
    const k = `${key}-${i}`;
    if (typeof n === "string") return <span key={k}>{marked(n, words, k)}</span>;
    const children = render(n.children, words, k);
    switch (n.tag) {
      case "b":
        return <strong key={k}>{children}</strong>;
      case "i":
        return <em key={k}>{children}</em>;
      case "s":
        return <s key={k}>{children}</s>;
      default:
        return (
          <code key={k} className="rounded bg-black/5 px-1 font-mono text-[0.92em] dark:bg-white/10">
            {children}
          </code>
        );
    }
  });
}

/** The search's words, for highlighting. */
export const searchWords = (q: string) =>
  q.split(/\s+/).map((w) => w.replace(/["*]/g, "")).filter((w) => w.length > 1);

export function WaText({ text, highlight }: { text: string; highlight?: string[] }) {
  return <>{render(parseWa(text), highlight ?? [])}</>;
}
