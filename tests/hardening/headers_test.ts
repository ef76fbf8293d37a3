/** Security headers (lib/security_headers.ts): the app's CSP, frame-ancestors, nosniff, referrer policy, HSTS. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createTestApp } from "../_helpers/test_app.ts";

const distIndex = new URL("../../dist/index.html", import.meta.url).pathname;

Deno.test("[hardening] security headers on the app and the API", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    await t.step("the web app: a CSP that fits the built app, never framed", async () => {
      const res = await app.request("/tickets");
      await res.body?.cancel();
      assert.equal(res.status, 200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const directive = (name: string) => csp.split(/;\s*/).find((d) => d.startsWith(`${name} `)) ?? "";
      assert.match(directive("default-src"), /'self'/);
      assert.equal(directive("frame-ancestors"), "frame-ancestors 'none'");
      assert.match(directive("object-src"), /'none'/);
      assert.doesNotMatch(directive("script-src"), /unsafe-inline|unsafe-eval/);
      assert.match(directive("img-src"), /data: blob:/);
      assert.match(directive("connect-src"), /'self'/);
      // The inline theme script of the built index.html is allowed by its hash, and nothing else inline.
      const html = Deno.readTextFileSync(distIndex);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) =>
        m[1]
      );
      assert.ok(inline.length >= 1);
      for (const s of inline) {
        assert.ok(
          directive("script-src").includes(`'sha256-${createHash("sha256").update(s).digest("base64")}'`),
        );
      }
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
      assert.equal(res.headers.get("x-frame-options"), "DENY");
      assert.equal(res.headers.get("strict-transport-security"), null, "no HSTS over http");
    });
    await t.step("API answers run nothing; errors carry the headers too", async () => {
      for (const path of ["/api/health", "/api/nope", "/api/tickets"]) {
        const res = await app.request(path);
        await res.body?.cancel();
        assert.equal(
          res.headers.get("content-security-policy"),
          "default-src 'none'; frame-ancestors 'none'",
          path,
        );
        assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
      }
    });
  } finally {
    await app.close();
  }
});

Deno.test("[hardening] HSTS only when PUBLIC_URL is https", async () => {
  const app = await createTestApp({ scheduler: false, env: { PUBLIC_URL: "https://atende.example.com" } });
  try {
    for (const path of ["/", "/api/health"]) {
      const res = await app.request(path);
      await res.body?.cancel();
      assert.equal(res.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains", path);
    }
    const res = await app.request("/");
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /connect-src 'self' wss:\/\/atende\.example\.com/);
    assert.match(csp, /upgrade-insecure-requests/);
  } finally {
    await app.close();
  }
});
