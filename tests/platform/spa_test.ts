/**
 * The built web app and its fallback (DESIGN §1): deep links get index.html, a path with a file
 * extension never does, and /api/* always answers JSON. Each test serves its own small dist/ so
 * it does not depend on the Vite build.
 */
import assert from "node:assert/strict";
import { relative } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { expectError } from "../_helpers/http.ts";

const INDEX =
  `<!doctype html><html><head><title>Atende test dist</title></head><body><div id="root"></div></body></html>`;

async function makeDist(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "atende-dist-" });
  await Deno.mkdir(`${dir}/assets`);
  await Deno.writeTextFile(`${dir}/index.html`, INDEX);
  await Deno.writeTextFile(`${dir}/assets/app-3f2a1b.js`, "console.log('app');");
  await Deno.writeTextFile(`${dir}/robots.txt`, "User-agent: *\n");
  // The build's precompressed copies (vite.config.ts precompress) of one asset and of index.html.
  const js = new TextEncoder().encode("console.log('app');");
  await Deno.writeFile(`${dir}/assets/app-3f2a1b.js.br`, brotliCompressSync(js));
  await Deno.writeFile(`${dir}/assets/app-3f2a1b.js.gz`, gzipSync(js));
  await Deno.writeFile(`${dir}/index.html.gz`, gzipSync(new TextEncoder().encode(INDEX)));
  return dir;
}

async function isIndex(res: Response): Promise<boolean> {
  const text = await res.text();
  return /text\/html/.test(res.headers.get("content-type") ?? "") && text.includes("Atende test dist");
}

async function spaChecks(t: Deno.TestContext, app: TestApp) {
  await t.step("/ and deep links → index.html, not cached", async () => {
    for (const p of ["/", "/login", "/tickets", "/tickets/42", "/tickets/3f2a-uuid", "/flowbuilder/7"]) {
      const res = await app.request(p);
      assert.equal(res.status, 200, p);
      assert.ok(await isIndex(res), p);
    }
    const res = await app.request("/tickets/42");
    await res.body?.cancel();
    assert.equal(res.headers.get("cache-control"), "no-cache");
  });

  await t.step("hashed assets are served with an immutable cache", async () => {
    const res = await app.request("/assets/app-3f2a1b.js");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /javascript/);
    assert.match(res.headers.get("cache-control") ?? "", /immutable/);
    assert.equal(await res.text(), "console.log('app');");
  });

  await t.step("a browser that accepts brotli or gzip gets the build's compressed copy", async () => {
    const br = await app.request("/assets/app-3f2a1b.js", { headers: { "accept-encoding": "gzip, br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.match(br.headers.get("vary") ?? "", /accept-encoding/i);
    assert.match(br.headers.get("cache-control") ?? "", /immutable/);
    const body = new Uint8Array(await br.arrayBuffer());
    assert.equal(new TextDecoder().decode(brotliDecompressSync(body)), "console.log('app');");
    const gz = await app.request("/assets/app-3f2a1b.js", { headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    await gz.body?.cancel();
    const page = await app.request("/tickets/42", { headers: { "accept-encoding": "gzip" } });
    assert.equal(page.headers.get("content-encoding"), "gzip");
    assert.equal(page.headers.get("cache-control"), "no-cache");
    await page.body?.cancel();
  });

  await t.step("other static files are served as themselves", async () => {
    const res = await app.request("/robots.txt");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/plain/);
    assert.equal(await res.text(), "User-agent: *\n");
  });

  await t.step("a missing path with a file extension → 404, never index.html", async () => {
    for (
      const p of ["/favicon.ico", "/assets/app-missing.js", "/tickets/photo.png", "/deep/dir/manifest.json"]
    ) {
      const res = await app.request(p);
      assert.equal(res.status, 404, p);
      assert.equal(await isIndex(res), false, p);
    }
  });
}

Deno.test("[platform] SPA fallback with a relative WEB_DIST (as in production: ./dist)", async (t) => {
  const dist = await makeDist();
  const app = await createTestApp({ env: { WEB_DIST: relative(Deno.cwd(), dist) || "." } });
  try {
    await spaChecks(t, app);
  } finally {
    await app.close();
    await Deno.remove(dist, { recursive: true });
  }
});

// An absolute WEB_DIST (the test harness's, or /opt/atende/dist) must serve deep links too.
Deno.test("[platform] SPA fallback with an absolute WEB_DIST", async (t) => {
  const dist = await makeDist();
  const app = await createTestApp({ env: { WEB_DIST: dist } });
  try {
    await spaChecks(t, app);
  } finally {
    await app.close();
    await Deno.remove(dist, { recursive: true });
  }
});

Deno.test("[platform] /api/* always answers JSON", async (t) => {
  const dist = await makeDist();
  const app = await createTestApp({ env: { WEB_DIST: dist } });
  try {
    const { admin } = await createCompany(app);
    const s = await login(app, admin);

    await t.step("an unknown API path with a session → 404 ERR_NOT_FOUND JSON", async () => {
      for (const p of ["/api/nope", "/api/nope/deeper", "/api/users/1/nope", "/api/nope.json"]) {
        await expectError(await app.request(p, { token: s.token }), 404, "ERR_NOT_FOUND");
      }
      await expectError(
        await app.request("/api/nope", { method: "POST", token: s.token, json: {} }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await app.request("/api/nope", { method: "DELETE", token: s.token }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step(
      "without a session the unknown path is JSON too (401 before routing), never HTML",
      async () => {
        const res = await app.request("/api/nope");
        assert.ok([401, 404].includes(res.status), String(res.status));
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        const b = await res.json();
        assert.ok(["ERR_UNAUTHENTICATED", "ERR_NOT_FOUND"].includes(b.error));
      },
    );

    await t.step("a wrong method on a known path is JSON as well", async () => {
      const res = await app.request("/api/health", { method: "DELETE" });
      assert.notEqual(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      await res.body?.cancel();
    });

    await t.step("/ws without an upgrade → 426 JSON", async () => {
      const res = await app.request("/ws");
      assert.equal(res.status, 426);
      assert.equal((await res.json()).error, "ERR_VALIDATION");
    });
  } finally {
    await app.close();
    await Deno.remove(dist, { recursive: true });
  }
});

// The real build (deno task test builds it first): what the login page loads, compressed as sent.
Deno.test("[platform] the first page's JavaScript is under 400 KB compressed, every text asset precompressed", async () => {
  const dist = new URL("../../dist/", import.meta.url);
  const html = await Deno.readTextFile(new URL("index.html", dist));
  const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  assert.ok(first.length > 0, "index.html names its scripts");
  let brotli = 0;
  // Files under 1 KB are not compressed (vite.config.ts): they count as they are.
  const sizeOf = (f: string) => Deno.stat(new URL(f, dist)).then((s) => s.size, () => null);
  for (const f of first) brotli += (await sizeOf(`${f}.br`)) ?? (await sizeOf(f))!;
  assert.ok(brotli < 400 * 1024, `first page JS ${Math.round(brotli / 1024)} KB brotli`);
  for await (const e of Deno.readDir(new URL("assets/", dist))) {
    if (!/\.(js|css)$/.test(e.name)) continue;
    const size = (await Deno.stat(new URL(`assets/${e.name}`, dist))).size;
    if (size >= 1024) await Deno.stat(new URL(`assets/${e.name}.gz`, dist)); // throws when missing
  }
});
