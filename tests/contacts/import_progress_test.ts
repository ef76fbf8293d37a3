/**
 * POST /api/contacts/upload with the /contacts/import screen's needs: progress frames
 * (company-{id}-contact, action "import") to the importing user only, then the per-row report;
 * a legacy .xls read through the shared spreadsheet reader.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { upload } from "../campaigns/_support.ts";
import { connectWs } from "../_helpers/ws_client.ts";

Deno.test("[contacts] import progress reaches the importing user; the report names each bad row", async () => {
  const srv = await startTestServer({ scheduler: false });
  try {
    const a = await createTenant(srv);
    const other = await login(srv, await createUser(srv, a.company.id, { profile: "user" }));
    const mine = await connectWs(srv.wsUrl, a.userToken);
    const theirs = await connectWs(srv.wsUrl, other.token);
    const bytes = Deno.readFileSync(new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url));
    const r = await expectOk<Json>(
      await upload(srv, "/api/contacts/upload", a.userToken, new File([bytes], "contatos.xls")),
    );
    assert.equal(r.created, 201);
    assert.deepEqual(r.errors, [{ row: 202, value: "abc", error: "invalid number (8 to 50 digits)" }]);
    const done = await mine.next(
      (f) =>
        f.event === `company-${a.company.id}-contact` && f.data?.action === "import" && f.data?.done === true,
      10_000,
    );
    assert.deepEqual(done.data, { action: "import", processed: 202, total: 202, done: true });
    const steps = mine.frames.filter((f) => f.data?.action === "import").map((f) =>
      f.data!.processed as number
    );
    assert.ok(steps.length >= 2, "a frame before the rows are written and one per chunk");
    assert.deepEqual(steps, [...steps].sort((x, y) => x - y), "progress only goes forward");
    assert.equal(theirs.frames.filter((f) => f.data?.action === "import").length, 0);
    await mine.close();
    await theirs.close();
  } finally {
    await srv.close();
  }
});
