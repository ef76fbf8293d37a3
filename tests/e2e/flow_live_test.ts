/**
 * The flow builder's live lists in the browser: a second admin's open flow list and phrase-campaign list
 * show what the first admin creates and deletes, without a reload.
 */
import { expect } from "expect";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { Buffer } from "node:buffer";
import { browserTest, screenshot, signIn } from "./_browser.ts";

browserTest(
  "[e2e] flow builder: the flow and phrase lists update live for another admin",
  async ({ server, newPage }, t) => {
    const w = await createTenant(server, { webhook: null, user: false });
    const other = await createUser(server, w.company.id, { profile: "admin" });
    const { page: a } = await newPage();
    const { page: b } = await newPage();
    // The canvas library is its own lazy chunk (vite.config.ts): only a page that opens the editor loads it.
    const xyflowLoads = { a: 0, b: 0 };
    a.on("request", (r) => void (/\/assets\/xyflow-/.test(r.url()) && xyflowLoads.a++));
    b.on("request", (r) => void (/\/assets\/xyflow-/.test(r.url()) && xyflowLoads.b++));
    await signIn(a, w.admin);
    await signIn(b, other);
    // The first admin's browser session ends createTenant's token (one session per user): log in again later.
    let token = "";
    const api = async (path: string, method: string, json?: unknown) => {
      const res = await server.request(`/api${path}`, { method, token, json });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    let flowId = 0;

    await t.step("a flow created on one page appears in the other's list", async () => {
      await b.goto("/flowbuilders");
      await b.getByText("No flows yet").waitFor();
      await a.goto("/flowbuilders");
      await a.getByTestId("flow-add").click();
      await a.locator("#flow-name").fill("Ao vivo");
      await a.getByTestId("flow-name-save").click();
      await a.getByTestId("flow-editor").waitFor();
      flowId = Number(new URL(a.url()).pathname.split("/").pop());
      await b.getByTestId(`flow-open-${flowId}`).filter({ hasText: "Ao vivo" }).waitFor();
      expect(xyflowLoads.a).toBeGreaterThan(0);
      expect(xyflowLoads.b).toBe(0);
    });

    await t.step("a phrase campaign created and deleted elsewhere comes and goes", async () => {
      token = (await login(server, w.admin)).token;
      // A full page load: the list may be read before the socket is up; act once live updates flow.
      const socket = b.waitForEvent("websocket", (ws) => ws.url().includes("/ws?"));
      await b.goto("/phrase-lists");
      await (await socket).waitForEvent("framereceived", (f) => String(f.payload).includes('"ready"'));
      await b.getByTestId("phrase-lists-page").waitFor();
      const res = await api("/flowcampaign", "POST", { name: "Promo", flowId, phrase: "quero promo" });
      const camp = await res.json();
      const row = b.getByTestId(`phrase-row-${camp.id}`);
      await row.filter({ hasText: "quero promo" }).waitFor();
      await api(`/flowcampaign/${camp.id}`, "DELETE");
      await row.waitFor({ state: "detached" });
    });

    await t.step("a flow deleted elsewhere leaves the list", async () => {
      await b.goto("/flowbuilders");
      await b.getByTestId(`flow-open-${flowId}`).waitFor();
      await api(`/flowbuilder/${flowId}`, "DELETE");
      await b.getByTestId(`flow-open-${flowId}`).waitFor({ state: "detached" });
    });

    await t.step("image and audio nodes preview their uploaded file (GET /flowbuilder/media)", async () => {
      const res = await api("/flowbuilder", "POST", { name: "Mídia" });
      const flow = await res.json();
      await b.goto(`/flowbuilder/${flow.id}`);
      await b.getByTestId("flow-node-start").waitFor();
      // A real PNG, drawn by the browser: a preview that shows it has a size.
      const png = await b.evaluate(() => {
        const c = document.createElement("canvas");
        c.width = 160;
        c.height = 90;
        const g = c.getContext("2d")!;
        g.fillStyle = "#0d9488";
        g.fillRect(0, 0, 160, 90);
        g.fillStyle = "#fbbf24";
        g.fillRect(20, 20, 60, 50);
        return c.toDataURL("image/png").split(",")[1];
      });
      const upload = async (type: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
        await b.getByTestId("flow-add-node").click();
        await b.getByTestId(`flow-add-${type}`).click();
        await b.getByTestId("flow-node-form").waitFor();
        await b.getByTestId(`node-file-${type}`).setInputFiles(file);
        await b.getByTestId("flow-node-form").getByText(file.name).waitFor();
        await b.getByTestId("flow-node-save").click();
        await b.getByTestId("flow-node-form").waitFor({ state: "detached" });
      };
      await upload("img", { name: "banner.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
      await upload("audio", { name: "voz.mp3", mimeType: "audio/mpeg", buffer: Buffer.alloc(64) });
      const img = b.getByTestId("flow-media-preview-img");
      await img.waitFor();
      await b.waitForFunction(() =>
        (document.querySelector('[data-testid="flow-media-preview-img"]') as HTMLImageElement | null)
          ?.naturalWidth === 160
      );
      const audio = b.getByTestId("flow-media-preview-audio");
      await audio.waitFor();
      expect(await audio.getAttribute("src")).toMatch(/flow/);
      await screenshot(b, "flow_editor_media_previews");
    });
  },
);
