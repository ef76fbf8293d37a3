/**
 * `deno task test`: the type check of the whole tree runs beside the tests instead of before them.
 * The tests run with --no-check (type-checking worker modules mid-run once hung a run), and a
 * browser test spends much of its time waiting on pages, so the checker's two to three minutes of
 * one core fill time the tests leave idle. The run fails if either fails; the checker's output is
 * printed only when it fails, after the tests' summary.
 */
const root = new URL("../../", import.meta.url).pathname;
const deno = Deno.execPath();

const check = new Deno.Command(deno, {
  args: ["task", "check"],
  cwd: root,
  stdout: "piped",
  stderr: "piped",
}).output();

// The browser tests need dist/; the build is quick and must finish before they start.
const build = await new Deno.Command(deno, {
  args: ["run", "-A", "server/tools/ensure_web_build.ts"],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
if (!build.success) {
  console.error("the web build failed");
  Deno.exit(1);
}

const tests = await new Deno.Command(deno, {
  args: [
    "test",
    "-A",
    "--no-check",
    "--parallel",
    "--preload",
    "tests/_helpers/test_budget.ts",
    ...(Deno.args.length ? Deno.args : ["tests/"]),
  ],
  cwd: root,
  env: { DENO_JOBS: Deno.env.get("DENO_JOBS") ?? "4" },
  stdout: "inherit",
  stderr: "inherit",
}).output();

const checked = await check;
if (!checked.success) {
  const out = new TextDecoder().decode(checked.stdout) + new TextDecoder().decode(checked.stderr);
  console.error(out.split("\n").filter((l) => !l.startsWith("Check ")).join("\n"));
  console.error("deno task check failed: the tree does not type-check");
  Deno.exit(1);
}
Deno.exit(tests.code);
