/**
 * The install icons made from the operator's uploaded logo: launchers want square 192 and 512 px
 * PNGs, and a white-labelled deployment should install with its own mark, not ours. A PNG or JPEG
 * logo (the favicon logo first, else the light one) is decoded in pure TypeScript (fast-png,
 * jpeg-js: no native code to install), fitted inside the square keeping its proportions on a
 * transparent background (area averaging when shrinking, bilinear when enlarging), and encoded as
 * PNG. Results are kept in memory per file name and size: a new upload has a new file name.
 * SVG logos need no raster (the manifest lists them as a scalable icon); anything that does not
 * decode leaves the shipped icons in place.
 */
import { decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import type { Deps } from "../deps.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";

export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** A decoded image: 8-bit RGBA, row after row. */
export type Rgba = { width: number; height: number; data: Uint8Array };

const RASTER = /^[\w.-]+\.(png|jpe?g)$/i;
/** Logos bigger than this (pixels) are not decoded: 2 MB uploads can still claim huge dimensions. */
const MAX_PIXELS = 25_000_000;

/** The uploaded logo that icons are made from, when it is a PNG or JPEG of ours. */
export async function iconSource(deps: Deps): Promise<string | null> {
  const s = await deps.caches.settings.getMany(PLATFORM_COMPANY_ID, ["appLogoFavicon", "appLogoLight"]);
  for (const name of [s.appLogoFavicon, s.appLogoLight]) {
    const n = name?.trim();
    if (n && RASTER.test(n)) return n;
  }
  return null;
}

/** PNG (any depth, palette, grey, alpha) or JPEG bytes → RGBA; null when neither decodes. */
export function decodeImage(bytes: Uint8Array): Rgba | null {
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) {
      const img = decodePng(bytes);
      if (img.width * img.height > MAX_PIXELS) return null;
      return { width: img.width, height: img.height, data: toRgba(img) };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_PIXELS / 1e6,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch {
    // Not an image we can read: the shipped icons stay.
  }
  return null;
}

type Png = ReturnType<typeof decodePng>;

function toRgba(img: Png): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n * 4);
  const max = img.depth === 16 ? 65535 : (1 << img.depth) - 1;
  const scale = (v: number) => Math.round((v * 255) / max);
  if (img.palette) {
    // fast-png leaves indexed pixels packed at their bit depth.
    const pal = img.palette;
    const bits = img.depth;
    const src = img.data as Uint8Array;
    const rowBytes = Math.ceil((img.width * bits) / 8);
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const bit = x * bits;
        const byte = src[y * rowBytes + (bit >> 3)];
        const index = bits === 8 ? byte : (byte >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        const c = pal[index] ?? [0, 0, 0, 0];
        out.set([c[0], c[1], c[2], c.length > 3 ? c[3] : 255], (y * img.width + x) * 4);
      }
    }
    return out;
  }
  const src = img.data;
  const ch = img.channels;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    if (ch >= 3) {
      out[o] = scale(src[i * ch]);
      out[o + 1] = scale(src[i * ch + 1]);
      out[o + 2] = scale(src[i * ch + 2]);
      out[o + 3] = ch === 4 ? scale(src[i * ch + 3]) : 255;
    } else {
      const g = scale(src[i * ch]);
      out[o] = out[o + 1] = out[o + 2] = g;
      out[o + 3] = ch === 2 ? scale(src[i * ch + 1]) : 255;
    }
  }
  return out;
}

/** One colour channel sample of `img` at real coordinates (bilinear, clamped), alpha-premultiplied. */
function bilinear(img: Rgba, fx: number, fy: number, out: Float64Array) {
  const x0 = Math.max(0, Math.min(img.width - 1, Math.floor(fx)));
  const y0 = Math.max(0, Math.min(img.height - 1, Math.floor(fy)));
  const x1 = Math.min(img.width - 1, x0 + 1), y1 = Math.min(img.height - 1, y0 + 1);
  const ax = Math.max(0, Math.min(1, fx - x0)), ay = Math.max(0, Math.min(1, fy - y0));
  out.fill(0);
  for (
    const [x, y, w] of [[x0, y0, (1 - ax) * (1 - ay)], [x1, y0, ax * (1 - ay)], [x0, y1, (1 - ax) * ay], [
      x1,
      y1,
      ax * ay,
    ]] as const
  ) {
    const i = (y * img.width + x) * 4;
    const a = img.data[i + 3] / 255;
    out[0] += img.data[i] * a * w;
    out[1] += img.data[i + 1] * a * w;
    out[2] += img.data[i + 2] * a * w;
    out[3] += a * w;
  }
}

/**
 * `img` fitted inside a `size`×`size` square, centred, proportions kept, transparent around it.
 * Shrinking averages every source pixel a target pixel covers; enlarging interpolates.
 */
export function fitSquare(img: Rgba, size: number): Rgba {
  const scale = Math.min(size / img.width, size / img.height);
  const w = Math.max(1, Math.round(img.width * scale)), h = Math.max(1, Math.round(img.height * scale));
  const ox = Math.floor((size - w) / 2), oy = Math.floor((size - h) / 2);
  const out = new Uint8Array(size * size * 4);
  const acc = new Float64Array(4);
  for (let ty = 0; ty < h; ty++) {
    for (let tx = 0; tx < w; tx++) {
      if (scale < 1) {
        // Area average over the source rectangle this pixel covers (alpha-weighted).
        const sx0 = Math.floor(tx / scale), sx1 = Math.max(sx0 + 1, Math.floor((tx + 1) / scale));
        const sy0 = Math.floor(ty / scale), sy1 = Math.max(sy0 + 1, Math.floor((ty + 1) / scale));
        acc.fill(0);
        let count = 0;
        for (let sy = sy0; sy < Math.min(sy1, img.height); sy++) {
          for (let sx = sx0; sx < Math.min(sx1, img.width); sx++) {
            const i = (sy * img.width + sx) * 4;
            const a = img.data[i + 3] / 255;
            acc[0] += img.data[i] * a;
            acc[1] += img.data[i + 1] * a;
            acc[2] += img.data[i + 2] * a;
            acc[3] += a;
            count++;
          }
        }
        if (count) { for (let k = 0; k < 4; k++) acc[k] /= count; }
      } else {
        bilinear(img, (tx + 0.5) / scale - 0.5, (ty + 0.5) / scale - 0.5, acc);
      }
      const o = ((oy + ty) * size + ox + tx) * 4;
      const a = acc[3];
      if (a > 0) {
        out[o] = Math.round(acc[0] / a);
        out[o + 1] = Math.round(acc[1] / a);
        out[o + 2] = Math.round(acc[2] / a);
      }
      out[o + 3] = Math.round(a * 255);
    }
  }
  return { width: size, height: size, data: out };
}

export function encodeRgbaPng(img: Rgba): Uint8Array {
  return encodePng({ width: img.width, height: img.height, data: img.data, channels: 4, depth: 8 });
}

/** Made icons per store (each app of a process has its own files), a few logos each. */
const made = new WeakMap<Deps["media"], Map<string, Promise<Uint8Array | null>>>();

/** The `size` px icon made from the public logo file `name`, or null when it does not decode. */
export function logoIcon(deps: Deps, name: string, size: IconSize): Promise<Uint8Array | null> {
  let icons = made.get(deps.media);
  if (!icons) made.set(deps.media, icons = new Map());
  const key = `${name}:${size}`;
  let hit = icons.get(key);
  if (!hit) {
    if (icons.size > 32) icons.clear();
    hit = (async () => {
      const file = await deps.media.openPublic(name);
      const bytes = file && new Uint8Array(await new Response(file.body).arrayBuffer());
      const img = bytes && decodeImage(bytes);
      return img ? encodeRgbaPng(fitSquare(img, size)) : null;
    })();
    icons.set(key, hit);
  }
  return hit;
}
