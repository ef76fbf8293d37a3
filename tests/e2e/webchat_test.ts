/**
 * The website chat as people use it: a plain HTML page on ANOTHER origin (its own local
 * HTTP server) embeds the one-line script; a visitor talks with an attendant in a second browser
 * context, both ways live, with an image, across a reload; a page on an origin the connection does
 * not allow gets no widget and no socket.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { createCompany, createQueue, login } from "../_helpers/factories.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { choose, PNG } from "./_inbox.ts";

/** A tiny website: any path answers a page that embeds the widget of `key` from `instance`. */
function startSite(instance: string, key: () => string) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, () =>
    new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Northwind Shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Georgia,serif;margin:0;padding:40px;background:#fafaf9;color:#333}
/* A hostile page style: must not reach the widget inside its shadow root. */
button,input,div{font-size:30px!important;color:red!important;}</style></head>
<body><h1>Northwind Shop</h1><p>Fresh coffee, shipped daily.</p>
<script src="${instance}/webchat.js" data-connection="${key()}" async></script></body></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    ));
  // "localhost" vs the instance's 127.0.0.1, and another port: a different origin.
  return { url: `http://localhost:${server.addr.port}`, close: () => server.shutdown() };
}

const widget = (page: Page) => page.locator("#atende-webchat");

async function openWidget(page: Page) {
  await page.locator('#atende-webchat[data-state="ready"]').waitFor({ state: "attached" });
  await widget(page).locator(".launcher").click();
  await widget(page).locator(".panel").waitFor();
}

browserTest(
  "[e2e] webchat: a website visitor and an attendant, live both ways",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
    const { token } = await login(server, admin);
    const orders = await createQueue(server, company.id, { name: "Orders", color: "#0f766e" });
    let key = "";
    const site = startSite(server.url, () => key);
    const evil = startSite(server.url, () => key);
    try {
      const res = await server.request("/api/whatsapp", {
        method: "POST",
        token,
        json: {
          name: "Northwind site",
          channel: "webchat",
          queueIds: [orders.id],
          webchat: {
            color: "#0f766e",
            title: "Northwind Coffee",
            greeting: "Hi! How can we help you today?",
            allowedOrigins: [site.url],
            language: "en",
          },
        },
      });
      expect(res.status).toBe(201);
      const created = await res.json();
      key = created.webchatKey;
      const connId = created.id as number;

      // The visitor arrives while nobody is online: the widget asks for an e-mail or phone.
      const { page: visitor } = await newPage();
      await visitor.goto(site.url);
      await openWidget(visitor);
      await widget(visitor).getByText("Hi! How can we help you today?").waitFor();
      await widget(visitor).getByText("Nobody is online right now").waitFor();
      // The host page's CSS does not leak into the shadow root.
      const size = await widget(visitor).locator(".compose input[type=text]").evaluate((el) =>
        getComputedStyle(el).fontSize
      );
      expect(size).toBe("14px");
      await widget(visitor).locator('input[name="email"]').fill("maria@example.com");
      await screenshot(visitor, "webchat_widget_offline_1440");
      await widget(visitor).getByRole("button", { name: "Save" }).click();
      await widget(visitor).getByText("Thanks! We will get back to you.").waitFor();
      await widget(visitor).locator(".offline").waitFor({ state: "hidden" });

      // The attendant signs in (in another browser context) and sees the conversation arrive.
      const { page: agent } = await newPage();
      await signIn(agent, admin);
      await agent.getByTestId("page-tickets").waitFor();
      await agent.getByTestId("tickets-tab-pending").click();
      await widget(visitor).locator(".compose input[type=text]").fill("Hello, is my order shipped?");
      await widget(visitor).locator(".compose input[type=text]").press("Enter");
      const item = agent.locator('[data-testid^="ticket-item-"]').filter({
        hasText: "Hello, is my order shipped?",
      });
      await item.waitFor();
      await item.click();
      await agent.getByTestId("ticket-view").waitFor();
      await agent.getByTestId("ticket-accept").click();
      // The accept dialog, when it shows, asks for a queue.
      await agent.getByTestId("accept-confirm").or(agent.getByTestId("composer-input")).first().waitFor();
      if (await agent.getByTestId("accept-confirm").isVisible()) {
        if (await agent.getByTestId("accept-queue").isVisible()) {
          await choose(agent, "accept-queue", "Orders");
        }
        await agent.getByTestId("accept-confirm").click();
      }
      await agent.getByTestId("composer-input").waitFor();

      // Typing both ways.
      await agent.getByTestId("composer-input").pressSequentially("Let me check");
      await widget(visitor).getByText("typing…").waitFor();
      await widget(visitor).locator(".compose input[type=text]").pressSequentially("Thanks");
      await agent.getByTestId("visitor-typing").waitFor();
      await widget(visitor).locator(".compose input[type=text]").fill("");

      // The attendant's reply reaches the widget live.
      await agent.getByTestId("composer-input").fill("Hi Maria! Your order left this morning.");
      await agent.keyboard.press("Enter");
      await widget(visitor).locator(".msg.them").filter({ hasText: "Your order left this morning." })
        .waitFor();

      // The visitor sends a photo: the attendant sees the image live.
      await widget(visitor).locator("input[type=file]").setInputFiles({
        name: "package.png",
        mimeType: "image/png",
        buffer: PNG,
      });
      await widget(visitor).locator(".msg.me img").waitFor();
      await agent.getByTestId("message-image").waitFor();

      // The visitor reloads: the conversation is found again (token in localStorage), still live.
      await visitor.reload();
      await openWidget(visitor);
      await widget(visitor).getByText("Hello, is my order shipped?").waitFor();
      await widget(visitor).getByText("Your order left this morning.").waitFor();
      await widget(visitor).locator(".msg.me img").waitFor();
      await agent.getByTestId("composer-input").fill("Anything else?");
      await agent.keyboard.press("Enter");
      await widget(visitor).locator(".msg.them").filter({ hasText: "Anything else?" }).waitFor();
      await widget(visitor).locator(".compose input[type=text]").fill("No, thank you!");
      await widget(visitor).locator(".compose input[type=text]").press("Enter");
      await agent.getByText("No, thank you!").waitFor();
      // An attendant is connected now: the widget says so.
      await widget(visitor).locator(".status").getByText("Online").waitFor();

      for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
        await visitor.setViewportSize({ width: w, height: h });
        await screenshot(visitor, `webchat_widget_${w}`);
      }

      // The connection dialog's webchat tab (with the snippet to paste), at the three widths.
      await agent.goto("/connections");
      await agent.getByTestId(`conn-edit-${connId}`).click();
      await agent.getByTestId("conn-tab-webchat").click();
      await agent.getByTestId("wc-snippet").filter({ hasText: `data-connection="${key}"` }).waitFor();
      for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
        await agent.setViewportSize({ width: w, height: h });
        await screenshot(agent, `webchat_dialog_${w}`);
      }
      await agent.keyboard.press("Escape");

      // A page on an origin that is not allowed: no widget, and the socket is refused too.
      const visitorToken = await visitor.evaluate((k) => localStorage.getItem(`atende-webchat:${k}`), key);
      expect(visitorToken).toBeTruthy();
      const { page: stranger } = await newPage();
      const consoleWarnings: string[] = [];
      stranger.on("console", (m) => consoleWarnings.push(m.text()));
      await stranger.goto(evil.url);
      await stranger.locator('#atende-webchat[data-state="refused"]').waitFor({
        state: "attached",
      });
      expect(await widget(stranger).locator(".launcher").count()).toBe(0);
      const socket = await stranger.evaluate(([ws, k, t]) =>
        new Promise<string>((resolve) => {
          const s = new WebSocket(`${ws}/webchat/ws?key=${k}&token=${t}`);
          s.onopen = () => resolve("open");
          s.onclose = () => resolve("refused");
        }), [server.url.replace(/^http/, "ws"), key, visitorToken!]);
      expect(socket).toBe("refused");
      expect(consoleWarnings.some((w) => w.includes("[atende webchat] not available"))).toBe(true);
    } finally {
      await site.close();
      await evil.close();
    }
  },
);
