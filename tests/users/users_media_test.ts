/**
 * POST /api/users/{id}/media-upload (multipart profileImage; the answer carries a signed
 * /api/media URL) and PUT /api/users/toggleChangeWidht/{id} (spec 1 §7, spec 2 §7, §9).
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json, multipart, PNG } from "../_helpers/http.ts";

Deno.test("[users] profile image upload", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const upload = (id: number, body: FormData, token?: string) =>
      app.request(`/api/users/${id}/media-upload`, { method: "POST", token, body });
    const png = () =>
      multipart("profileImage", PNG, "me.png", "image/png", { userId: "x", typeArch: "user" });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await upload(admin.user.id, png()), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a user uploads his own image: a signed /api/media URL that serves the bytes", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const b = await expectOk<Json>(await upload(u.user.id, png(), s.token));
      const url = b.profileImage as string;
      assert.match(url, /^\/api\/media\/company\d+\/users\/\d+\/[^?]+\?exp=\d+&sig=[0-9a-f]{64}$/);
      assert.ok(url.startsWith(`/api/media/company${company.id}/users/${u.user.id}/`));

      // Served without a bearer token (an <img> cannot send one): the signature is the credential.
      const res = await app.request(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "image/png");
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), PNG);

      // The same signed URL comes back from /auth/me and from GET /users/{id}.
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.match(me.profileImage as string, /^\/api\/media\/company\d+\/users\//);
    });

    await t.step("a tampered or missing signature → 403 ERR_NO_PERMISSION", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const url = (await expectOk<Json>(await upload(u.user.id, png(), s.token))).profileImage as string;
      const sig = url.match(/sig=([0-9a-f]+)/)![1];
      const flipped = sig.slice(0, -1) + (sig.endsWith("0") ? "1" : "0");
      await expectError(await app.request(url.replace(sig, flipped)), 403, "ERR_NO_PERMISSION");
      await expectError(await app.request(url.split("?")[0]), 403, "ERR_NO_PERMISSION");
      // A later expiry with the old signature is rejected too.
      await expectError(
        await app.request(url.replace(/exp=\d+/, "exp=99999999999")),
        403,
        "ERR_NO_PERMISSION",
      );
      // The signature is bound to the path: another user's file with this signature fails.
      const other = await createUser(app, company.id);
      const os = await login(app, other);
      const otherUrl = (await expectOk<Json>(await upload(other.user.id, png(), os.token)))
        .profileImage as string;
      await expectError(
        await app.request(otherUrl.split("?")[0] + "?" + url.split("?")[1]),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("an expired link → 403", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const url = (await expectOk<Json>(await upload(u.user.id, png(), s.token))).profileImage as string;
      const path = decodeURIComponent(url.split("?")[0].slice("/api/media/".length));
      const expired = await app.deps.media.signedUrl(path, -5);
      await expectError(await app.request(expired), 403, "ERR_NO_PERMISSION");
    });

    await t.step("a non-image → 415 ERR_UNSUPPORTED_MEDIA; no file field → 400", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(
        await upload(u.user.id, multipart("profileImage", "hello", "notes.txt", "text/plain"), s.token),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      await expectError(
        await upload(u.user.id, multipart("profileImage", "<svg/>", "x.svg", "image/svg+xml"), s.token),
        415,
        "ERR_UNSUPPORTED_MEDIA",
      );
      await expectError(
        await upload(u.user.id, multipart("avatar", PNG, "me.png", "image/png"), s.token),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await app.request(`/api/users/${u.user.id}/media-upload`, {
          method: "POST",
          token: s.token,
          json: {},
        }),
        400,
        "ERR_VALIDATION",
      );
      const me = await expectOk<Json>(await app.request(`/api/users/${u.user.id}`, { token: s.token }));
      assert.equal(me.profileImage, null);
    });

    await t.step("an image named .html is never served as HTML from our origin", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const body = multipart("profileImage", "<script>alert(1)</script>", "x.html", "image/png");
      const url = (await expectOk<Json>(await upload(u.user.id, body, s.token))).profileImage as string;
      const res = await app.request(url);
      assert.equal(res.status, 200);
      await res.body?.cancel();
      const type = res.headers.get("content-type") ?? "";
      const disposition = res.headers.get("content-disposition") ?? "";
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.ok(
        !/html|javascript|xml/i.test(type) || (/attachment/i.test(disposition) && /sandbox/.test(csp)),
        `served as ${type} (${disposition}; ${csp})`,
      );
    });

    await t.step("a new image replaces the old file", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const first = (await expectOk<Json>(await upload(u.user.id, png(), s.token))).profileImage as string;
      const second = (await expectOk<Json>(await upload(u.user.id, png(), s.token))).profileImage as string;
      assert.notEqual(first.split("?")[0], second.split("?")[0]);
      await expectError(await app.request(first), 404, "ERR_NOT_FOUND");
      assert.equal((await app.request(second)).status, 200);
    });

    await t.step("an admin may upload for a colleague; a profile user may not → 403", async () => {
      const u = await createUser(app, company.id);
      const colleague = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(await upload(colleague.user.id, png(), s.token), 403, "ERR_NO_PERMISSION");
      const b = await expectOk<Json>(await upload(colleague.user.id, png(), adm.token));
      assert.match(b.profileImage as string, /^\/api\/media\//);
    });

    await t.step("another company's user → 404 ERR_NO_USER_FOUND", async () => {
      await expectError(await upload(other.admin.user.id, png(), adm.token), 404, "ERR_NO_USER_FOUND");
      await expectError(await upload(99999999, png(), adm.token), 404, "ERR_NO_USER_FOUND");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[users] PUT /users/toggleChangeWidht/{id}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const width = (id: number, w: unknown, token?: string) =>
      app.request(`/api/users/toggleChangeWidht/${id}`, {
        method: "PUT",
        token,
        json: { defaultTicketsManagerWidth: w },
      });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await width(admin.user.id, 500), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a user saves his own width; 404 is the minimum", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      const b = await expectOk<Json>(await width(u.user.id, 404, s.token));
      assert.equal(b.defaultTicketsManagerWidth, 404);
      assert.equal(
        (await expectOk<Json>(await width(u.user.id, "520", s.token))).defaultTicketsManagerWidth,
        520,
      );
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.equal(me.defaultTicketsManagerWidth, 520);
    });

    await t.step("below 404 (or not a number) → 400 ERR_VALIDATION", async () => {
      const u = await createUser(app, company.id);
      const s = await login(app, u);
      for (const w of [403, 0, -1, "wide", null]) {
        await expectError(await width(u.user.id, w, s.token), 400, "ERR_VALIDATION");
      }
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: s.token }));
      assert.equal(me.defaultTicketsManagerWidth, 400);
    });

    await t.step("a profile user for a colleague → 403; an admin may", async () => {
      const u = await createUser(app, company.id);
      const colleague = await createUser(app, company.id);
      const s = await login(app, u);
      await expectError(await width(colleague.user.id, 450, s.token), 403, "ERR_NO_PERMISSION");
      assert.equal(
        (await expectOk<Json>(await width(colleague.user.id, 450, adm.token))).defaultTicketsManagerWidth,
        450,
      );
    });

    await t.step("another company's user → 404 ERR_NO_USER_FOUND", async () => {
      await expectError(await width(other.admin.user.id, 450, adm.token), 404, "ERR_NO_USER_FOUND");
      const op = await login(app, OPERATOR);
      await expectError(await width(admin.user.id, 450, op.token), 404, "ERR_NO_USER_FOUND");
    });
  } finally {
    await app.close();
  }
});
