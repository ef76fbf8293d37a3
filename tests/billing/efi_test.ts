/**
 * PIX through Efí against a local server speaking its documented API: the certificate upload
 * feeds mutual TLS, checkout creates a charge and returns its QR code, the webhook is registered
 * with an HMAC URL; a delivery with a wrong HMAC changes nothing, one for a charge Efí does not
 * report as CONCLUIDA changes nothing, and a paid charge advances the due date exactly once even
 * when Efí delivers it three times.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { webhookHmac } from "@/billing/efi.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createPlan } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { makeP12, startEfiServer } from "../_helpers/efi_server.ts";

Deno.test("[billing] PIX through Efí: charge, QR code, verified webhook, once", async (t) => {
  const efi = startEfiServer({ clientId: "Client_Id_test", clientSecret: "Client_Secret_test" });
  const app = await startTestServer({
    scheduler: false,
    env: { EFI_API_URL: efi.url, PUBLIC_URL: "https://atende.example" },
  });
  try {
    const op = await operatorToken(app);
    const plan = await createPlan(app, { name: "PIX plan", amount: 25.5, isPublic: true });
    const today = todayIn(new Date(), "America/Sao_Paulo");
    const a = await createTenant(app, { dueDate: addDays(today, 2) });
    await app.deps.database.write((tx) =>
      tx.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id))
    );
    await ensureInvoices(app.deps);
    const [inv] = await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id));
    const dueOf = async () =>
      (await app.deps.db.select().from(companies).where(eq(companies.id, a.company.id)))[0].dueDate!;
    const checkout = () =>
      app.request("/api/subscription", {
        method: "POST",
        token: a.adminToken,
        json: { firstName: "Ana", zipcode: "123", plan: plan.id, invoiceId: inv.id },
      });

    await t.step("without the certificate and credentials there is no PIX", async () => {
      const r = await expectOk<Json>(await checkout());
      assert.equal(r.qrcode, null);
      assert.equal(efi.calls.length, 0);
    });

    let txid = "";
    await t.step("with them: OAuth, webhook registered with an HMAC URL, charge and QR code", async () => {
      const form = new FormData();
      form.set("file", new File([makeP12()], "certificadoEfi.p12", { type: "application/x-pkcs12" }));
      await expectOk(
        await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
          method: "POST",
          token: op,
          body: form,
        }),
      );
      await setPlatform(app, op, "eficlientid", "Client_Id_test");
      await setPlatform(app, op, "eficlientsecret", "Client_Secret_test");
      await setPlatform(app, op, "efichavepix", "pix@atende.example");
      const opts = await expectOk<Json>(
        await app.request("/api/companySettingOnePayment", { token: a.adminToken }),
      );
      assert.equal(opts.pix, true);
      const r = await expectOk<Json>(await checkout());
      assert.match(String((r.qrcode as Json).qrcode), /^000201/);
      assert.deepEqual(efi.calls.slice(0, 4), [
        "POST /oauth/token",
        "PUT /v2/webhook/pix%40atende.example",
        `PUT /v2/cob/${[...efi.charges.keys()][0]}`,
        `GET /v2/loc/${[...efi.charges.values()][0].locId}/qrcode`,
      ]);
      const hook = efi.webhooks[0];
      assert.equal(hook.chave, "pix@atende.example");
      assert.equal(hook.skipMtls, "true");
      assert.equal(
        hook.webhookUrl,
        `https://atende.example/api/webhooks/efi?hmac=${await webhookHmac(app.deps)}&ignorar=`,
      );
      const charge = [...efi.charges.values()][0];
      txid = charge.txid;
      assert.deepEqual(charge.body.valor, { original: "25.50" });
      assert.equal(charge.body.chave, "pix@atende.example");
      assert.equal(charge.body.solicitacaoPagador, `#Fatura:${inv.id}`);
    });

    const deliver = (hmac: string, items: Json[]) =>
      app.request(`/api/webhooks/efi?hmac=${hmac}&ignorar=/pix`, { method: "POST", json: { pix: items } });
    const item = () => ({
      endToEndId: "E0000000020261125000000000000001",
      txid,
      valor: "25.50",
      horario: new Date().toISOString(),
    });

    await t.step("a wrong HMAC, or a charge Efí does not report paid, changes nothing", async () => {
      const before = await dueOf();
      await expectError(await deliver("nope", [item()]), 401, "ERR_UNAUTHENTICATED");
      await expectError(
        await app.request("/api/webhooks/efi", { method: "POST", json: { pix: [item()] } }),
        401,
        "ERR_UNAUTHENTICATED",
      );
      const hmac = await webhookHmac(app.deps);
      const r = await expectOk<Json>(await deliver(hmac, [item()]));
      assert.deepEqual(r.results, ["pending"]);
      assert.equal(await dueOf(), before);
      // Efí's registration test.
      await expectOk(
        await app.request(`/api/webhooks/efi/pix?hmac=${hmac}`, {
          method: "POST",
          json: { evento: "teste_webhook" },
        }),
      );
    });

    await t.step(
      "paid at Efí: three deliveries advance the due date once; the company hears it",
      async () => {
        const before = await dueOf();
        const ws = await connectWs(app.wsUrl, a.adminToken);
        efi.settle(txid);
        const hmac = await webhookHmac(app.deps);
        const results: unknown[] = [];
        for (let i = 0; i < 3; i++) {
          results.push(...((await expectOk<Json>(await deliver(hmac, [item()]))).results as unknown[]));
        }
        assert.deepEqual(results, ["paid", "duplicate", "duplicate"]);
        assert.equal(await dueOf(), addMonths(before, 1));
        const f = await ws.next((x) => x.event === `company-${a.company.id}-payment`, 5000);
        assert.equal(f.data?.action, "CONCLUIDA");
        await ws.close();
        const [paid] = await app.deps.db.select().from(invoices).where(eq(invoices.id, inv.id));
        assert.equal(paid.status, "paid");
        assert.equal(paid.txid, txid);
      },
    );
  } finally {
    await app.close();
    await efi.close();
  }
});
