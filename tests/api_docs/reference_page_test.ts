/**
 * GET /api/docs: the reference page is public HTML generated from the document, runs no script,
 * loads nothing from elsewhere, and its CSP allows exactly its own inline style.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { API_ROUTES } from "@/api_docs/documented.ts";
import { createTestApp } from "../_helpers/test_app.ts";

Deno.test("[api_docs] the reference page: every route, no script, its style allowed by hash, four languages", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    await tt.step("public HTML with every documented route and its scope", async () => {
      const res = await t.request("/api/docs");
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      const html = await res.text();
      for (const r of API_ROUTES) assert.ok(html.includes(`id="op-${r.operationId}"`), r.operationId);
      assert.ok(html.includes("<code>tickets:read</code>"));
      // The curl lines call the origin the page was reached at.
      assert.ok(html.includes("curl -X GET &#34;http://localhost/api/tickets?pageNumber=1"), "curl line");
      assert.ok(html.includes('href="/api/docs/openapi.json"'));
      assert.ok(!/<script/i.test(html), "no script");
      assert.ok(!/(src|href)="https?:/i.test(html), "nothing loaded from another origin");
    });
    await tt.step("the CSP allows only the page's own inline style", async () => {
      const res = await t.request("/api/docs");
      const csp = res.headers.get("content-security-policy") ?? "";
      const html = await res.text();
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      assert.equal(styles.length, 1);
      const hash = createHash("sha256").update(styles[0], "utf8").digest("base64");
      assert.ok(csp.includes(`style-src 'sha256-${hash}'`), csp);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.ok(!csp.includes("script-src"), "no script source at all");
    });
    await tt.step("?lang= and Accept-Language pick the language", async () => {
      const pt = await (await t.request("/api/docs?lang=pt")).text();
      assert.ok(pt.includes('<html lang="pt">') && pt.includes("Referência da API do Atende"));
      const tr = await (await t.request("/api/docs", { headers: { "accept-language": "tr-TR,tr;q=0.9" } }))
        .text();
      assert.ok(tr.includes('<html lang="tr">') && tr.includes("Atende API başvurusu"));
      const other = await (await t.request("/api/docs", { headers: { "accept-language": "de-DE" } })).text();
      assert.ok(other.includes('<html lang="en">'));
    });
  } finally {
    await t.close();
  }
});
