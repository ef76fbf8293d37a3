/**
 * POST /api/settings-whitelabel/logo (operator only; multipart typeArch=logo, mode, file) and the
 * file served at /public/{file}; a settings change reaches only its own company's sockets.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR, startTestServer } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json, multipart, PNG } from "../_helpers/http.ts";

Deno.test("[settings] white-label logo upload", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const adm = await login(app, admin);
    const agent = await login(app, await createUser(app, company.id));
    const upload = (body: FormData, token?: string) =>
      app.request("/api/settings-whitelabel/logo", { method: "POST", token, body });
    const logo = (mode: string, name = "logo.png") =>
      multipart("file", PNG, name, "image/png", { typeArch: "logo", mode });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await upload(logo("Light")), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a tenant admin or user → 403 ERR_NO_PERMISSION", async () => {
      await expectError(await upload(logo("Light"), adm.token), 403, "ERR_NO_PERMISSION");
      await expectError(await upload(logo("Light"), agent.token), 403, "ERR_NO_PERMISSION");
      const staff = await login(app, await createUser(app, 1, { profile: "admin" }));
      await expectError(await upload(logo("Light"), staff.token), 403, "ERR_NO_PERMISSION");
      assert.equal(
        (await expectOk<Json>(await app.request("/api/public-settings/appLogoLight"))).value,
        "",
      );
    });

    await t.step("the operator uploads each mode; the file is public at /public/{file}", async () => {
      const op = await login(app, OPERATOR);
      for (
        const [mode, key] of [["Light", "appLogoLight"], ["Dark", "appLogoDark"], [
          "Favicon",
          "appLogoFavicon",
        ]]
      ) {
        // The answer is the file name itself (spec 2 §7: the client builds the public path from it).
        const file = await expectOk<string>(await upload(logo(mode, `My Logo ${mode}.png`), op.token));
        assert.match(file, /^[A-Za-z0-9._-]+\.png$/);
        const setting = await expectOk<Json>(await app.request(`/api/public-settings/${key}`));
        assert.equal(setting.value, file);

        const res = await app.request(`/public/${file}`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "image/png");
        assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);
      }
    });

    await t.step("a non-image → 415 ERR_UNSUPPORTED_MEDIA; no file → 400 ERR_VALIDATION", async () => {
      const op = await login(app, OPERATOR);
      await expectError(
        await upload(
          multipart("file", "MZ…", "setup.exe", "application/octet-stream", { mode: "Light" }),
          op.token,
        ),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      const fd = new FormData();
      fd.append("mode", "Light");
      await expectError(await upload(fd, op.token), 400, "ERR_VALIDATION");
    });

    await t.step("an SVG logo is served sandboxed", async () => {
      const op = await login(app, OPERATOR);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
      const file = await expectOk<string>(
        await upload(multipart("file", svg, "logo.svg", "image/svg+xml", { mode: "Dark" }), op.token),
      );
      const res = await app.request(`/public/${file}`);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      assert.match(res.headers.get("content-type") ?? "", /^image\/svg\+xml/);
      assert.match(res.headers.get("content-security-policy") ?? "", /sandbox/);
    });

    await t.step("/public/{file}: unknown or traversal → 404 JSON, never index.html", async () => {
      for (
        const p of [
          "/public/nope.png",
          "/public/..%2Fatende.db",
          "/public/.hidden",
          "/public/x%2F..%2F..%2Fapp_secret",
        ]
      ) {
        const res = await app.request(p);
        await expectError(res, 404, "ERR_NOT_FOUND");
      }
    });
  } finally {
    await app.close();
  }
});

type Frame = { type?: string; event?: string; data?: Json };

/** A real socket on the test server; resolves once the server says it is registered. */
async function openSocket(wsUrl: string, token: string) {
  const frames: Frame[] = [];
  const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data)) as Frame;
      frames.push(f);
      if (f.type === "ready") resolve();
    };
    ws.onerror = () => reject(new Error("socket error"));
  });
  return {
    frames,
    async waitFor(pred: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const f = frames.find(pred);
        if (f) return f;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching frame in ${ms} ms: ${JSON.stringify(frames)}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.onclose = () => resolve();
        ws.close();
      }),
  };
}

Deno.test("[settings] a settings change is announced only to its own company", async (t) => {
  const srv = await startTestServer();
  try {
    const a = await createCompany(srv);
    const b = await createCompany(srv);
    const sa = await login(srv, a.admin);
    const sb = await login(srv, b.admin);

    await t.step("company A's admins hear company-{A}-settings; company B hears nothing", async () => {
      const wa = await openSocket(srv.wsUrl, sa.token);
      const wb = await openSocket(srv.wsUrl, sb.token);
      try {
        await expectOk(
          await fetch(`${srv.url}/api/settings/userRating`, {
            method: "PUT",
            headers: { authorization: `Bearer ${sa.token}`, "content-type": "application/json" },
            body: JSON.stringify({ value: "enabled" }),
          }),
        );
        const f = await wa.waitFor((x) => x.event === `company-${a.company.id}-settings`);
        assert.deepEqual(f.data, { action: "update", setting: { key: "userRating", value: "enabled" } });
        await srv.deps.bus.drain();
        await new Promise((r) => setTimeout(r, 100));
        const leaked = wb.frames.filter((x) => x.type !== "ready" && /settings/.test(String(x.event)));
        assert.deepEqual(leaked, []);
        assert.equal(
          wb.frames.some((x) => String(x.event ?? "").startsWith(`company-${a.company.id}-`)),
          false,
        );
      } finally {
        await wa.close();
        await wb.close();
      }
    });
  } finally {
    await srv.close();
  }
});
