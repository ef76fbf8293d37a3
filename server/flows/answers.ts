/** What a customer's answer means to a flow node: menu choices, conditions, the menu's text. */
import { menuOptions, type NodeData } from "./graph.ts";

export const menuText = (d: NodeData) =>
  [String(d.message ?? "").trim(), "", ...menuOptions(d).map((o) => `[${o.number}] ${o.value}`)].join("\n");

/** Text as customers type it on phones: case, accents and extra spaces ignored (menus, conditions, phrases). */
export const fold = (s: string) =>
  s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** A menu answer: the option's number, or its text (case and accents ignored). */
export function pickOption(d: NodeData, body: string) {
  const b = fold(body);
  const opts = menuOptions(d);
  return opts.find((o) => String(o.number) === b.replace(/^\[?\s*(\d+)\s*\]?$/, "$1")) ??
    opts.find((o) => fold(o.value) === b) ?? null;
}

export function conditionHolds(d: NodeData, vars: Record<string, string>): boolean {
  const v = vars[String(d.key)];
  const want = String(d.value ?? "");
  const num = (s: string) => Number(String(s).replace(",", "."));
  switch (d.condition) {
    case "exists":
      return v !== undefined && v.trim() !== "";
    case "equals":
      return v !== undefined && fold(v) === fold(want);
    case "notEquals":
      return v === undefined || fold(v) !== fold(want);
    case "contains":
      return v !== undefined && fold(v).includes(fold(want));
    case "greater":
      return v !== undefined && num(v) > num(want);
    case "less":
      return v !== undefined && num(v) < num(want);
  }
  return false;
}
