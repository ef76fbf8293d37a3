/**
 * The installable app's manifest: served without a session from the operator's white-label
 * settings, with the fields and icons a browser needs to offer "install".
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { expectOk } from "../_helpers/http.ts";

Deno.test("[pwa] the manifest follows the white-label settings and has what installing needs", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const first = await t.request("/manifest.webmanifest", {
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    assert.equal(first.status, 200);
    assert.match(first.headers.get("content-type") ?? "", /application\/manifest\+json/);
    const m = await first.json();
    assert.equal(m.name, "Atende");
    assert.equal(m.display, "standalone");
    assert.equal(m.start_url, "/tickets");
    assert.equal(m.theme_color, "#5AC2D2");
    assert.ok(m.background_color);
    const sizes = m.icons.filter((i: { type: string }) => i.type === "image/png").map((
      i: { sizes: string },
    ) => i.sizes);
    assert.ok(sizes.includes("192x192") && sizes.includes("512x512"));
    assert.deepEqual(m.shortcuts.map((s: { url: string }) => s.url), ["/tickets", "/chats"]);
    assert.deepEqual(m.shortcuts.map((s: { name: string }) => s.name), ["Tickets", "Internal chat"]);

    const { token } = await login(t, OPERATOR);
    for (const [key, value] of [["appName", "Central Ótica Bonita"], ["primaryColorLight", "#112233"]]) {
      await expectOk(await t.request(`/api/settings/${key}`, { method: "PUT", token, json: { value } }));
    }
    const pt = await (await t.request("/manifest.webmanifest", { headers: { "accept-language": "pt-BR" } }))
      .json();
    assert.equal(pt.name, "Central Ótica Bonita");
    assert.equal(pt.short_name, "Central");
    assert.equal(pt.theme_color, "#112233");
    assert.equal(pt.shortcuts[1].name, "Chat interno");
  } finally {
    await t.close();
  }
});
