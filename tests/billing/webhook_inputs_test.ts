/**
 * Payment webhooks take only what the providers document: ids by format and length, bodies by a
 * schema. The probes that answered 500 (a 65,536-character Asaas payment id, a 70,000-digit
 * Mercado Pago id, Efí bodies of the wrong shape behind the right HMAC, a signed Stripe event with
 * a giant id) answer 400 now, change nothing, and real notifications about something else are
 * still acknowledged.
 */
import assert from "node:assert/strict";
import { webhookHmac } from "@/billing/efi.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { signedEvent } from "../_helpers/stripe_server.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";

Deno.test("[billing] payment webhooks: malformed input is a 400, never a 500", async (t) => {
  const prov = startPaymentLinksServer({ mp: "APP_USR-in", asaas: "$aact_in" });
  const app = await createTestApp({
    scheduler: false,
    env: { MERCADOPAGO_API_URL: prov.url, ASAAS_API_URL: prov.url },
  });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "mpaccesstoken", "APP_USR-in");
    await setPlatform(app, op, "asaastoken", "$aact_in");
    await setPlatform(app, op, "stripewebhooksecret", "whsec_in");
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      app.request(`/api/webhooks/${path}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      });

    await t.step("Asaas: a 65,536-character payment id, other shapes", async () => {
      const long = JSON.stringify({
        event: "PAYMENT_RECEIVED",
        payment: { id: "pay_" + "a".repeat(65_532) },
      });
      await expectError(await post("asaas", long), 400, "ERR_VALIDATION");
      for (
        const body of [
          '{"event":"PAYMENT_RECEIVED","payment":{"id":"../../x"}}',
          '{"payment":{"id":1}}',
          "[]",
        ]
      ) {
        await expectError(await post("asaas", body), 400, "ERR_VALIDATION");
      }
      const other = await expectOk<Json>(
        await post("asaas", '{"event":"PAYMENT_CREATED","payment":{"id":"pay_1"}}'),
      );
      assert.equal(other.result, "ignored");
    });

    await t.step("Mercado Pago: a 70,000-digit id, as text and as a number", async () => {
      const digits = "9".repeat(70_000);
      await expectError(
        await post("mercadopago", JSON.stringify({ type: "payment", data: { id: digits } })),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await post("mercadopago", `{"type":"payment","data":{"id":${digits}}}`),
        400,
        "ERR_VALIDATION",
      );
      await expectError(await post(`mercadopago?data.id=${digits}`, ""), 400, "ERR_VALIDATION");
      await expectError(
        await post("mercadopago", '{"type":"payment","data":{"id":"12a"}}'),
        400,
        "ERR_VALIDATION",
      );
      const order = await expectOk<Json>(
        await post("mercadopago", '{"type":"merchant_order","data":{"id":"abc-1"}}'),
      );
      assert.equal(order.result, "ignored");
      const unknown = await expectOk<Json>(
        await post("mercadopago", '{"type":"payment","data":{"id":"12345"}}'),
      );
      assert.equal(unknown.result, "not_found");
    });

    await t.step("Efí: wrong shapes behind the right HMAC", async () => {
      const hmac = await webhookHmac(app.deps);
      const bodies = [
        '{"pix":{}}',
        '{"pix":"x"}',
        '{"pix":[null]}',
        '{"pix":[{"endToEndId":{"a":1},"txid":"atende1xabcdefghijklmnopqrstuvwxyz"}]}',
        `{"pix":[{"endToEndId":"E${"1".repeat(31)}","txid":"${"t".repeat(70_000)}"}]}`,
      ];
      for (const body of bodies) {
        await expectError(await post(`efi?hmac=${hmac}&ignorar=/pix`, body), 400, "ERR_VALIDATION");
        await expectError(await post("efi/pix", body), 401, "ERR_UNAUTHENTICATED");
      }
      const test = await expectOk<Json>(await post(`efi/pix?hmac=${hmac}`, '{"evento":"teste_webhook"}'));
      assert.deepEqual(test.results, []);
    });

    await t.step("Stripe: a signed event of the wrong shape", async () => {
      const cases = [
        { id: "evt_" + "x".repeat(70_000), type: "checkout.session.completed", object: { id: "cs_test_1" } },
        {
          id: "evt_shape",
          type: "checkout.session.completed",
          object: { id: { nested: true }, payment_status: "paid", amount_total: "lots" },
        },
        {
          id: "evt_renewal",
          type: "invoice.paid",
          object: { id: "in_1", amount_paid: -5, currency: "dollars" },
        },
      ];
      for (const c of cases) {
        const ev = await signedEvent("whsec_in", c);
        await expectError(
          await post("stripe", ev.body, { "stripe-signature": ev.signature }),
          400,
          "ERR_VALIDATION",
        );
      }
    });
  } finally {
    await app.close();
    await prov.close();
  }
});
