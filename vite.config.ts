import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const backend = "http://127.0.0.1:8080";

/** Long-lived vendor chunks: framework, UI kit, and the rest of node_modules. */
const VENDOR_GROUPS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: "ui", test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|lucide-react|sonner)[\\/]/ },
  { name: "vendor", test: /node_modules[\\/]/ },
];

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
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
