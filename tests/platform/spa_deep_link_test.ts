import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";

Deno.test("[platform] deep links get the web app with an absolute WEB_DIST (the test harness uses one)", async () => {
  const t = await startTestServer();
  try {
    for (const path of ["/login", "/users", "/tickets/12"]) {
      const res = await fetch(`${t.url}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /<div id="root">/);
    }
  } finally {
    await t.close();
  }
});
