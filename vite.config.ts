import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const backend = "http://127.0.0.1:8080";

/**
 * Long-lived vendor chunks: framework, UI kit, and the rest of node_modules. The flow editor's
 * canvas (@xyflow/react and what only it uses) is its own chunk, loaded with the lazy editor route,
 * so the app's first load never carries it. After `react` and `ui` (a group takes its modules'
 * dependencies along, and react must stay in its own chunk). The rest of node_modules is left to the
 * bundler, so a library only some screens use (charts, spreadsheets) travels with those screens.
 */
const VENDOR_GROUPS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: "ui", test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|lucide-react|sonner)[\\/]/ },
  // Modules the canvas shares with eager code (the dashboard's charts, react-redux): captured first,
  // or the xyflow group would take them along and make the eager `vendor` import from it.
  { name: "shared", test: /node_modules[\\/](d3-(color|interpolate|timer)|use-sync-external-store)[\\/]/ },
  {
    name: "xyflow",
    test:
      /node_modules[\\/](@xyflow|d3-(drag|selection|zoom|dispatch|transition|ease)|zustand|classcat)[\\/]/,
  },
];

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of dist/ worth compressing, once at
 * build time at the highest levels; the server sends them to browsers that accept them
 * (serveStatic's `precompressed`), so no request pays for compression.
 */
async function precompress(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !COMPRESSIBLE.test(e.name)) continue;
    const path = `${e.parentPath}/${e.name}`;
    const data = await readFile(path);
    if (data.length < 1024) continue;
    await writeFile(
      `${path}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * The webchat widget (web/webchat) is built on its own after the app: one small IIFE,
 * dist/webchat.js, that host pages load with a script tag. It shares nothing with the app bundle.
 * Then every text file of dist/ is precompressed.
 */
function webchatWidget(): Plugin {
  return {
    name: "atende-webchat-widget",
    apply: "build",
    async closeBundle() {
      await build({
        configFile: false,
        root: "web/webchat",
        logLevel: "warn",
        build: {
          outDir: "../../dist",
          emptyOutDir: false,
          copyPublicDir: false,
          target: "es2019",
          lib: { entry: "widget.ts", formats: ["iife"], name: "AtendeWebchat", fileName: () => "webchat.js" },
        },
      });
      await precompress(fileURLToPath(new URL("./dist", import.meta.url)));
    },
  };
}

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss(), webchatWidget()],
  // The server/web contract (contract/), imported as `@contract/<area>.ts` as deno.json maps it.
  resolve: { alias: { "@contract/": fileURLToPath(new URL("./contract/", import.meta.url)) } },
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_GROUPS } } },
  },
  server: {
    proxy: {
      "/api": backend,
      "/public": backend,
      "/ws": { target: backend, ws: true },
    },
  },
});
