/**
 * Signed media URLs (`/api/media/<path>?exp=&sig=`) and public branding files (`/public/<file>`).
 * Files are written through the real media store; the HTTP side is what a browser sees.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { expectError, PNG } from "../_helpers/http.ts";

Deno.test("[media] signed media URLs", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const media = app.deps.media;
    const png = await media.save(company.id, "docs", new File([PNG], "pic.png", { type: "image/png" }));
    const url = await media.signedUrl(png.path);

    await t.step("a valid link serves the bytes without any session", async () => {
      assert.match(
        url,
        new RegExp(`^/api/media/company${company.id}/docs/[^?]+\\?exp=\\d+&sig=[0-9a-f]{64}$`),
      );
      const res = await app.request(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "image/png");
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.match(res.headers.get("cache-control") ?? "", /private/);
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
    });

    await t.step("a session does not replace the signature", async () => {
      const s = await login(app, admin);
      await expectError(await app.request(url.split("?")[0], { token: s.token }), 403, "ERR_NO_PERMISSION");
    });

    await t.step("tampered signature, changed expiry or other path → 403 ERR_NO_PERMISSION", async () => {
      const sig = url.match(/sig=([0-9a-f]+)/)![1];
      const exp = Number(url.match(/exp=(\d+)/)![1]);
      await expectError(
        await app.request(url.replace(sig, sig.split("").reverse().join(""))),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(url.replace(`exp=${exp}`, `exp=${exp + 1}`)),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(await app.request(url.replace(/&sig=.*/, "")), 403, "ERR_NO_PERMISSION");
      await expectError(await app.request(url.replace(/exp=\d+&/, "")), 403, "ERR_NO_PERMISSION");
      const other = await media.save(
        company.id,
        "docs",
        new File([PNG], "other.png", { type: "image/png" }),
      );
      const otherUrl = await media.signedUrl(other.path);
      await expectError(
        await app.request(otherUrl.split("?")[0] + "?" + url.split("?")[1]),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("an expired link → 403", async () => {
      await expectError(await app.request(await media.signedUrl(png.path, -1)), 403, "ERR_NO_PERMISSION");
    });

    await t.step("a validly signed link to a missing file → 404 ERR_NOT_FOUND", async () => {
      await expectError(
        await app.request(await media.signedUrl(`company${company.id}/docs/ghost.png`)),
        404,
        "ERR_NOT_FOUND",
      );
      // A file removed after its link was handed out.
      await media.remove(png.path);
      await expectError(await app.request(url), 404, "ERR_NOT_FOUND");
    });

    await t.step("dot segments never reach the file system, signed or not", async () => {
      for (
        const p of [`company${company.id}/../app_secret`, `company${company.id}/.secret`, "../atende.db"]
      ) {
        const signed = await media.signedUrl(p);
        // (The URL parser may resolve "/.." itself; then the request lands elsewhere under /api.)
        const res = await app.request(signed.replaceAll("%2F", "/"));
        assert.ok([401, 403, 404].includes(res.status), `${p}: ${res.status}`);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        const b = await res.json();
        assert.ok(
          ["ERR_NOT_FOUND", "ERR_NO_PERMISSION", "ERR_UNAUTHENTICATED"].includes(b.error),
          JSON.stringify(b),
        );
      }
      const encoded = await app.request(`/api/media/company${company.id}/%2E%2E%2Fapp_secret?exp=1&sig=x`);
      await expectError(encoded, 404, "ERR_NOT_FOUND");
    });

    await t.step("files that would run as a page are downloaded and sandboxed", async () => {
      const html = await media.save(company.id, "docs", new File(["<script>1</script>"], "page.html"));
      const res = await app.request(await media.signedUrl(html.path));
      assert.equal(res.status, 200);
      await res.body?.cancel();
      assert.match(res.headers.get("content-disposition") ?? "", /attachment/);
      assert.match(res.headers.get("content-security-policy") ?? "", /sandbox/);

      const pdf = await media.save(
        company.id,
        "docs",
        new File(["%PDF-1.4"], "doc.pdf", { type: "application/pdf" }),
      );
      const r2 = await app.request(await media.signedUrl(pdf.path));
      assert.equal(r2.status, 200);
      await r2.body?.cancel();
      assert.equal(r2.headers.get("content-type"), "application/pdf");
      assert.equal(r2.headers.get("content-disposition"), null, "documents still open inline");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[media] public branding files", async (t) => {
  const app = await createTestApp();
  try {
    const name = await app.deps.media.savePublic(
      new File([PNG], "brand logo.png", { type: "image/png" }),
    );

    await t.step("GET /public/{file} serves the file without a session", async () => {
      assert.match(name, /^[A-Za-z0-9._-]+$/);
      const res = await app.request(`/public/${name}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "image/png");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
    });

    await t.step("company media is not reachable through /public", async () => {
      const { company } = await createCompany(app);
      const f = await app.deps.media.save(
        company.id,
        "docs",
        new File([PNG], "p.png", { type: "image/png" }),
      );
      const file = f.path.split("/").pop()!;
      await expectError(await app.request(`/public/${file}`), 404, "ERR_NOT_FOUND");
      await expectError(
        await app.request(`/public/${encodeURIComponent(`../media/${f.path}`)}`),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step("unknown files → 404 JSON", async () => {
      await expectError(await app.request("/public/missing.png"), 404, "ERR_NOT_FOUND");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[media] byte ranges: audio and video seek (206, Content-Range, 416)", async (t) => {
  const app = await createTestApp();
  try {
    const { company } = await createCompany(app);
    const bytes = new Uint8Array(200_000).map((_, i) => i % 251);
    const ogg = await app.deps.media.save(company.id, "messages", new File([bytes], "voice.mp3"));
    const url = await app.deps.media.signedUrl(ogg.path);
    const get = (range?: string) => app.request(url, { headers: range ? { range } : {} });

    await t.step("without a range: 200, the whole file, ranges announced", async () => {
      const res = await get();
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("accept-ranges"), "bytes");
      assert.equal(res.headers.get("content-length"), "200000");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), bytes);
    });

    await t.step("bytes=a-b, a-, -n: 206 with the slice and its Content-Range", async () => {
      for (
        const [range, start, end] of [
          ["bytes=1000-1999", 1000, 1999],
          ["bytes=199990-", 199990, 199999],
          ["bytes=-500", 199500, 199999],
          ["bytes=150000-999999", 150000, 199999], // an end past the file stops at its end
          ["bytes=0-0", 0, 0],
        ] as const
      ) {
        const res = await get(range);
        assert.equal(res.status, 206, range);
        assert.equal(res.headers.get("content-range"), `bytes ${start}-${end}/200000`, range);
        assert.equal(res.headers.get("content-length"), String(end - start + 1), range);
        assert.equal(res.headers.get("content-type"), "audio/mpeg");
        assert.deepEqual(new Uint8Array(await res.arrayBuffer()), bytes.slice(start, end + 1), range);
      }
    });

    await t.step("a range past the end, reversed or of the last 0 bytes: 416 bytes */size", async () => {
      for (const range of ["bytes=200000-", "bytes=300000-300010", "bytes=500-100", "bytes=-0"]) {
        const res = await get(range);
        assert.equal(res.status, 416, range);
        assert.equal(res.headers.get("content-range"), "bytes */200000", range);
        await res.body?.cancel();
      }
    });

    await t.step("several ranges or a malformed header: the whole file, 200", async () => {
      for (const range of ["bytes=0-1,5-9", "items=0-5", "bytes=abc", "bytes=-"]) {
        const res = await get(range);
        assert.equal(res.status, 200, range);
        assert.equal((await res.arrayBuffer()).byteLength, 200_000, range);
      }
    });

    await t.step("a range never replaces the signature; a missing file is still 404", async () => {
      await expectError(
        await app.request(url.split("?")[0], { headers: { range: "bytes=0-10" } }),
        403,
        "ERR_NO_PERMISSION",
      );
      const gone = await app.deps.media.signedUrl(`company${company.id}/messages/ghost.mp3`);
      await expectError(await app.request(gone, { headers: { range: "bytes=0-10" } }), 404, "ERR_NOT_FOUND");
    });
  } finally {
    await app.close();
  }
});
