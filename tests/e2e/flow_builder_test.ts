/**
 * The flow builder in the browser: draw a flow with seven node types on the canvas, save it, reload it
 * identical, set it as the api connection's welcome flow in the connection dialog; then customers
 * over the api channel walk every branch: a menu answered by number and by text, a question whose
 * answer comes back in later messages, a condition both ways, an interval that a second app
 * instance over the same database (the first runs no scheduler) resumes, and a transfer to a queue.
 * Screenshots of the editor at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { flowBuilders } from "@db/schema.ts";
import { eq } from "drizzle-orm";
import { createTestApp } from "../_helpers/test_app.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { browserTest, expectCount, expectToast, screenshot, signIn } from "./_browser.ts";

let now = Math.floor(Date.now() / 1000) * 1000;
const clock = { now: () => new Date(now) };
const dataDir = await Deno.makeTempDir({ prefix: "atende-e2e-flow-" });

/** Adds a node through the speed-dial and fills its dialog with `fill`. */
async function addNode(page: Page, type: string, fill: () => Promise<void>) {
  await page.getByTestId("flow-add-node").click();
  await page.getByTestId(`flow-add-${type}`).click();
  await page.getByTestId("flow-node-form").waitFor();
  await fill();
  await page.getByTestId("flow-node-save").click();
  await page.getByTestId("flow-node-form").waitFor({ state: "detached" });
}

/**
 * Clicks "Fit to screen" and waits for its animation to end: the canvas's transform has moved and
 * then holds still from one frame to the next.
 */
async function fitToScreen(page: Page) {
  const transform = () =>
    page.locator(".react-flow__viewport").evaluate((el) => (el as HTMLElement).style.transform);
  const before = await transform();
  await page.getByRole("button", { name: "Fit to screen" }).click();
  await page.waitForFunction((before) => {
    const el = document.querySelector(".react-flow__viewport") as HTMLElement | null;
    const now = el?.style.transform;
    if (!el || now === before) return false;
    return new Promise<boolean>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.style.transform === now)))
    );
  }, before);
}

/** Drags from a node's exit to another node's entry, as a user connects them. */
async function connect(page: Page, from: string, to: string, handle?: string) {
  const src = page.locator(".react-flow__node").filter({ hasText: from }).first()
    .locator(handle ? `.react-flow__handle[data-handleid="${handle}"]` : ".react-flow__handle.source")
    .first();
  const dst = page.locator(".react-flow__node").filter({ hasText: to }).first().locator(
    ".react-flow__handle.target",
  );
  const a = (await src.boundingBox())!;
  const b = (await dst.boundingBox())!;
  const before = await page.locator(".react-flow__edge").count();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await expectCount(page.locator(".react-flow__edge"), before + 1);
}

browserTest(
  "[e2e] flow builder: draw, save, reload identical, welcome flow, every branch over the api channel",
  async ({ server, newPage }, t) => {
    const w = await createTenant(server, {
      webhook: null,
      user: false,
      queues: [{ name: "Vendas" }],
      conn: { greetingMessage: "Escolha uma fila" },
      plan: { useIntegrations: true },
    });
    const { page } = await newPage();
    await signIn(page, w.admin);
    let flowId = 0;

    await t.step("the list: create a flow, which opens the editor", async () => {
      await page.goto("/flowbuilders");
      await page.getByTestId("flows-page").waitFor();
      await page.getByText("No flows yet").waitFor();
      await page.getByTestId("flow-add").click();
      await page.getByTestId("flow-name-save").click();
      await page.getByText("Enter a name").waitFor();
      await page.locator("#flow-name").fill("Boas-vindas");
      await page.getByTestId("flow-name-save").click();
      await page.getByTestId("flow-editor").waitFor();
      flowId = Number(new URL(page.url()).pathname.split("/").pop());
      expect(flowId).toBeGreaterThan(0);
      await page.getByTestId("flow-node-start").waitFor();
    });

    await t.step("draw seven node types and connect them", async () => {
      await addNode(page, "message", async () => {
        await page.locator("#node-label").fill("Olá {{firstName}}!");
      });
      await addNode(page, "question", async () => {
        await page.locator("#node-q-message").fill("Qual é o seu nome?");
        await page.locator("#node-q-key").fill("nome");
      });
      await addNode(page, "menu", async () => {
        await page.locator("#node-menu-message").fill("Como ajudar, {{nome}}?");
        await page.getByTestId("menu-option-1").fill("Vendas");
        await page.getByTestId("menu-add-option").click();
        await page.getByTestId("menu-option-2").fill("Outros");
      });
      await addNode(page, "ticket", async () => {
        await page.getByTestId("node-queue").click();
        await page.getByRole("option", { name: "Vendas" }).click();
      });
      await addNode(page, "condition", async () => {
        await page.locator("#node-cond-key").fill("nome");
        await page.locator("#node-cond-value").fill("ana");
      });
      await addNode(page, "interval", async () => {
        await page.locator("#node-sec").fill("0");
        await page.getByTestId("flow-node-save").click();
        await page.getByText("Add the interval value").waitFor();
        await page.locator("#node-sec").fill("30");
      });
      await addNode(page, "message", async () => {
        await page.locator("#node-label").fill("Voltei, {{nome}}");
      });
      await expectCount(page.locator(".react-flow__node"), 8);
      await page.getByTestId("flow-save").click();
      await expectToast(page, "Connect every exit of the highlighted node.");

      await connect(page, "The conversation starts here.", "Olá {{firstName}}!");
      await connect(page, "Olá {{firstName}}!", "Qual é o seu nome?");
      await connect(page, "Qual é o seu nome?", "Como ajudar");
      await connect(page, "Como ajudar", "Ticket (queue)", "a1");
      await connect(page, "Como ajudar", "Condition", "a2");
      await connect(page, "Condition", "Wait 30 seconds", "a");
      await connect(page, "Condition", "Ticket (queue)", "b");
      await connect(page, "Wait 30 seconds", "Voltei, {{nome}}");
      await screenshot(page, "flow_editor_1440");
    });

    let stored = "";
    await t.step("save, reload: the same graph comes back and saves unchanged", async () => {
      await page.getByTestId("flow-save").click();
      await expectToast(page, "Flow saved");
      const [row] = await server.deps.db.select().from(flowBuilders).where(eq(flowBuilders.id, flowId));
      stored = JSON.stringify(row.flow);
      expect(row.flow.nodes.length).toBe(8);
      expect(row.flow.connections.length).toBe(8);
      await page.reload();
      await page.getByTestId("flow-node-start").waitFor();
      await expectCount(page.locator(".react-flow__node"), 8);
      await expectCount(page.locator(".react-flow__edge"), 8);
      await page.getByTestId("flow-save-hint").getByText("Don't forget to save your flow.").waitFor();
      await page.getByTestId("flow-save").click();
      await expectToast(page, "Flow saved");
      const [again] = await server.deps.db.select().from(flowBuilders).where(eq(flowBuilders.id, flowId));
      expect(JSON.stringify(again.flow)).toBe(stored);
    });

    await t.step("undo brings back a deleted node", async () => {
      await page.locator(".react-flow__node").filter({ hasText: "Voltei" }).click();
      await page.keyboard.press("Delete");
      await expectCount(page.locator(".react-flow__node"), 7);
      await page.getByTestId("flow-undo").click();
      await expectCount(page.locator(".react-flow__node"), 8);
      await expectCount(page.locator(".react-flow__edge"), 8);
    });

    await t.step("screenshots at 1280 and 390", async () => {
      // Each picture after the fit animation has ended (not an assertion).
      await page.setViewportSize({ width: 1280, height: 800 });
      await fitToScreen(page);
      await screenshot(page, "flow_editor_1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await fitToScreen(page);
      await screenshot(page, "flow_editor_390");
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    const welcomeFlowOf = async () =>
      (await server.deps.db.query.whatsapps.findFirst({ where: (c, { eq }) => eq(c.id, w.conn.id) }))
        ?.flowIdWelcome;
    await t.step("set it as the connection's welcome flow in the standard-flow tab", async () => {
      await page.goto("/connections");
      await page.getByTestId(`conn-edit-${w.conn.id}`).click();
      await page.getByTestId("conn-tab-standard-flow").click();
      await page.getByTestId("conn-flow-welcome").click();
      await page.getByRole("option", { name: "Boas-vindas" }).click();
      await page.getByTestId("connection-save").click();
      await page.getByTestId("connection-form").waitFor({ state: "detached" });
      await expect(welcomeFlowOf()).resolves.toBe(flowId);
    });

    const bodies = async (ticketId: number) => (await outbound(server, ticketId)).map((m) => m.body);
    const intro = async (number: string, name: string, answer: string) => {
      const { ticketId } = await customerSays(server, w.conn, { number, name }, "oi");
      expect(await bodies(ticketId)).toEqual([`Olá ${name.split(" ")[0]}!`, "Qual é o seu nome?"]);
      await customerSays(server, w.conn, { number }, answer);
      expect((await bodies(ticketId)).at(-1)).toBe(`Como ajudar, ${answer}?\n\n[1] Vendas\n[2] Outros`);
      return ticketId;
    };

    await t.step("menu by number → transfer to the queue", async () => {
      const id = await intro("5511900000101", "Rui Costa", "Rui");
      await customerSays(server, w.conn, { number: "5511900000101" }, "1");
      const tk = await ticketRow(server, id);
      expect(tk.queueId).toBe(w.queues[0].id);
      expect(tk.flowStopped).toBeNull();
    });

    await t.step("menu by text, condition false → transfer", async () => {
      const id = await intro("5511900000102", "Bia Souza", "Bia");
      await customerSays(server, w.conn, { number: "5511900000102" }, "8");
      expect((await bodies(id)).at(-1)).toBe("Como ajudar, Bia?\n\n[1] Vendas\n[2] Outros");
      await customerSays(server, w.conn, { number: "5511900000102" }, "outros");
      expect((await ticketRow(server, id)).queueId).toBe(w.queues[0].id);
    });

    await t.step("condition true → interval; another instance on the same database resumes it", async () => {
      const id = await intro("5511900000103", "Ana Lima", "Ana");
      await customerSays(server, w.conn, { number: "5511900000103" }, "Outros");
      const parked = await ticketRow(server, id);
      expect(parked.flowWebhook).toBe(false);
      expect(parked.lastFlowId).not.toBeNull();
      const second = await createTestApp({ dataDir, clock, scheduler: false });
      try {
        now += 31_000;
        await runDueJobs(second.deps);
        await second.deps.bus.drain();
        expect((await bodies(id)).at(-1)).toBe("Voltei, Ana");
        expect((await ticketRow(server, id)).flowStopped).toBeNull();
      } finally {
        await second.close();
      }
    });

    await t.step("the list shows the flow; duplicate and delete the copy", async () => {
      await page.goto("/flowbuilders");
      await page.getByTestId(`flow-row-${flowId}`).getByText("Active").waitFor();
      await page.getByTestId(`flow-duplicate-${flowId}`).click();
      await expectToast(page, "Flow duplicated");
      const copy = page.locator('tr[data-testid^="flow-row-"]').filter({ hasText: "Boas-vindas - copy" });
      await copy.locator('[data-testid^="flow-delete-"]').click();
      await page.getByTestId("confirm-dialog-confirm").click();
      await copy.waitFor({ state: "detached" });
      await screenshot(page, "flows_list");
    });

    await t.step("phrase campaigns screen: add one", async () => {
      await page.goto("/phrase-lists");
      await page.getByTestId("phrase-lists-page").waitFor();
      await page.getByTestId("phrase-add").click();
      await page.getByTestId("phrase-save").click();
      await page.getByText("Enter a name").first().waitFor();
      await page.locator("#phrase-name").fill("Promo");
      await page.getByTestId("phrase-flow").click();
      await page.getByRole("option", { name: "Boas-vindas" }).click();
      await page.locator("#phrase-phrase").fill("quero promo");
      await page.getByTestId("phrase-save").click();
      await page.locator('tr[data-testid^="phrase-row-"]').filter({ hasText: "quero promo" }).waitFor();
      await screenshot(page, "phrase_lists");
    });
  },
  () => ({ dataDir, clock, scheduler: false }),
);
