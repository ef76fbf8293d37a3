/**
 * The part of a search result's message around its first marked word, so the match is visible in
 * the one-line preview.
 */
import { cut } from "../../../../lib/format.ts";

const LEAD = 24;

export function excerpt(body: string, words: string[], max: number): string {
  const flat = body.replace(/\s+/g, " ").trim();
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const hay = fold(flat);
  const at = Math.min(...words.map((w) => hay.indexOf(fold(w))).filter((i) => i >= 0));
  if (!Number.isFinite(at) || at <= LEAD || hay.length !== flat.length) return cut(flat, max);
  return `…${cut(flat.slice(at - LEAD), max)}`;
}
