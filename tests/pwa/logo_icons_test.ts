/**
 * The operator's uploaded logo becomes the install icons: a PNG (wide, half transparent) and a
 * JPEG uploaded through the real white-label route come back as 192 and 512 px PNGs, the logo
 * centred with its proportions kept on a transparent square; the manifest points at them; a file
 * that does not decode leaves the shipped icons.
 */
import assert from "node:assert/strict";
import { decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { createTestApp, OPERATOR, type TestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { expectOk } from "../_helpers/http.ts";

/** A w×h image: left half red, right half blue, the bottom rows transparent. */
function sample(w: number, h: number): Uint8Array {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      data.set(x < w / 2 ? [220, 20, 20, 255] : [20, 20, 220, 255], (y * w + x) * 4);
      if (y >= h - 4) data[(y * w + x) * 4 + 3] = 0;
    }
  }
  return data;
}

async function upload(t: TestApp, token: string, name: string, type: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("mode", "Favicon");
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return await expectOk<string>(
    await t.request("/api/settings-whitelabel/logo", { method: "POST", token, body: form }),
  );
}

const pixel = (img: { width: number; data: ArrayLike<number> }, x: number, y: number) =>
  Array.from({ length: 4 }, (_, k) => img.data[(y * img.width + x) * 4 + k]);

Deno.test("[pwa] the uploaded logo becomes the 192 and 512 px icons of the manifest", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { token } = await login(t, OPERATOR);
    const manifestIcons = async () => ((await (await t.request("/manifest.webmanifest")).json()).icons as {
      src: string;
      sizes: string;
      purpose: string;
    }[]);

    await tt.step("without a logo: the shipped icons", async () => {
      const icons = await manifestIcons();
      assert.deepEqual(icons.map((i) => i.src), [
        "/icons/icon-192.png",
        "/icons/icon-512.png",
        "/icons/icon-512.png",
      ]);
      const res = await t.request("/pwa/icon-192.png");
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/icons/icon-192.png");
    });

    await tt.step("a wide PNG: fitted, centred, transparent around", async () => {
      const name = await upload(
        t,
        token,
        "logo.png",
        "image/png",
        encodePng({
          width: 400,
          height: 100,
          data: sample(400, 100),
          channels: 4,
          depth: 8,
        }),
      );
      const icons = await manifestIcons();
      const any = icons.filter((i) => i.purpose === "any" && i.src.startsWith("/pwa/"));
      assert.deepEqual(any.map((i) => [i.src, i.sizes]), [
        [`/pwa/icon-192.png?v=${encodeURIComponent(name)}`, "192x192"],
        [`/pwa/icon-512.png?v=${encodeURIComponent(name)}`, "512x512"],
      ]);
      for (const i of any) {
        const res = await t.request(i.src);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "image/png");
        assert.match(res.headers.get("cache-control") ?? "", /max-age/);
        const img = decodePng(new Uint8Array(await res.arrayBuffer()));
        const size = Number(i.sizes.split("x")[0]);
        assert.deepEqual([img.width, img.height, img.channels, img.depth], [size, size, 4, 8]);
        // 400×100 → size × size/4, centred vertically: above and below it is transparent.
        assert.equal(pixel(img, size / 2, 2)[3], 0, "above the logo: transparent");
        assert.equal(pixel(img, size / 2, size - 3)[3], 0, "below the logo: transparent");
        const mid = size / 2 - size / 16;
        assert.deepEqual(pixel(img, Math.floor(size / 4), mid), [220, 20, 20, 255], "left half red");
        assert.deepEqual(pixel(img, Math.floor((3 * size) / 4), mid), [20, 20, 220, 255], "right half blue");
      }
    });

    await tt.step("a small JPEG is enlarged to both sizes", async () => {
      const jpg = jpeg.encode({ width: 64, height: 64, data: sample(64, 64) }, 95).data;
      const name = await upload(t, token, "logo.jpg", "image/jpeg", new Uint8Array(jpg));
      const res = await t.request(`/pwa/icon-512.png?v=${encodeURIComponent(name)}`);
      const img = decodePng(new Uint8Array(await res.arrayBuffer()));
      assert.deepEqual([img.width, img.height], [512, 512]);
      const [r, g, b, a] = pixel(img, 100, 256);
      assert.ok(r > 180 && g < 60 && b < 60 && a === 255, `red-ish, got ${[r, g, b, a]}`);
    });

    await tt.step("a file that does not decode: the shipped icons stay", async () => {
      await upload(t, token, "broken.png", "image/png", new TextEncoder().encode("not a png at all"));
      const res = await t.request("/pwa/icon-512.png");
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/icons/icon-512.png");
    });
  } finally {
    await t.close();
  }
});
