/** A second server process for cross-instance tests: same env contract as production. */
import { loadConfig } from "@/config.ts";
import { createDeps } from "@/compose.ts";
import { createApp } from "@/app.ts";

const deps = await createDeps(await loadConfig());
const app = createApp(deps);
Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.log(`LISTENING ${port}`),
}, app.fetch);
