/**
 * Preloaded by `deno task test` (`--preload`): every test, of any kind, ends. A test still running
 * after TEST_BUDGET_MS fails with its name instead of holding the whole run until CI's own limit kills
 * it with nothing printed. Browser tests also have their own, shorter budget per attempt (_browser.ts).
 */
import { within } from "./watchdog.ts";

const TEST_BUDGET_MS = Number(Deno.env.get("TEST_BUDGET_MS") ?? 15 * 60_000);

type Fn = (t: Deno.TestContext) => void | Promise<void>;
type Definition = { name?: string; fn?: Fn; [k: string]: unknown };

function bounded(name: string, fn: Fn): Fn {
  const wrapped = (t: Deno.TestContext) => within(TEST_BUDGET_MS, `test "${name}"`, Promise.resolve(fn(t)));
  Object.defineProperty(wrapped, "name", { value: fn.name });
  return wrapped;
}

const original = Deno.test;

/** Deno.test's overloads: (name, fn), (name, options, fn), (fn), (options, fn), (options). */
function test(a: string | Fn | Definition, b?: Fn | Definition, c?: Fn): void {
  // deno-lint-ignore no-explicit-any
  const register = original as (...args: any[]) => void;
  if (typeof a === "string") {
    if (typeof b === "function") return register(a, bounded(a, b));
    return register(a, b, c && bounded(a, c));
  }
  if (typeof a === "function") return register(bounded(a.name, a));
  if (typeof b === "function") return register(a, bounded(a.name ?? b.name, b));
  return register({ ...a, fn: a.fn && bounded(a.name ?? a.fn.name, a.fn) });
}

Object.assign(test, { only: original.only, ignore: original.ignore });
(Deno as unknown as { test: unknown }).test = test;
