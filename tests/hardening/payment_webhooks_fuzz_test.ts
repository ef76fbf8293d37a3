/**
 * The fuzz of fuzz_test.ts, aimed at the payment webhooks with EVERY provider configured (Stripe,
 * Efí, Mercado Pago and Asaas, each a local server speaking its API, and an invoice with live ways
 * to pay), so the bodies get past the "not configured" exits into the code that reads them: the
 * malformed bodies of every content type, then each field of a genuine notification of each
 * provider replaced by hostile values (Stripe's signed with the right secret, Efí's behind the
 * right HMAC). No answer may be a 5xx, and no hostile body may pay anything.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { webhookHmac } from "@/billing/efi.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { operatorToken, setPlatform } from "../billing/_support.ts";
import { signPayload, startStripeServer } from "../_helpers/stripe_server.ts";
import { makeP12, startEfiServer } from "../_helpers/efi_server.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";

type Jsonish = null | boolean | number | string | Jsonish[] | { [k: string]: Jsonish };

/** What replaces each field in turn. */
const HOSTILE: Jsonish[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  "",
  "x".repeat(65_536),
  "9".repeat(70_000),
  "../../etc/passwd",
  "%00\u0000'\"<script>",
  "Ω".repeat(300),
  {},
  [],
  [null],
  { id: { id: [1] } },
  "pay_" + "a".repeat(60),
  "evt_" + "b".repeat(300),
];

/** Every path to a leaf (and to each object or array) of a JSON value. */
function paths(v: Jsonish, at: string[] = []): string[][] {
  if (v === null || typeof v !== "object") return [at];
  const kids = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
  return [at, ...kids.flatMap((k) => paths((v as Record<string, Jsonish>)[k], [...at, k]))];
}

/** A copy of `v` with the value at `path` replaced (undefined: removed). */
function replaced(v: Jsonish, path: string[], by: Jsonish | undefined): Jsonish | undefined {
  if (!path.length) return by;
  const copy = structuredClone(v) as Record<string, Jsonish>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, Jsonish>;
  if (by === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = by;
  return copy;
}

function* mutations(template: Jsonish): Generator<Jsonish | undefined> {
  for (const p of paths(template)) {
    if (p.length) yield replaced(template, p, undefined);
    for (const h of HOSTILE) yield replaced(template, p, h);
  }
}

const MALFORMED: [string | null, BodyInit][] = [
  ["application/json", '{"pix": [{"endToEndId": "E1"'],
  ["application/json", "[".repeat(100_000) + "]".repeat(100_000)],
  ["application/json", "null"],
  ["application/json", '"just a string"'],
  ["application/json", ""],
  ["application/json", JSON.stringify({ data: "y".repeat(3 * 1024 * 1024) })],
  ["text/plain", "hello { ["],
  ["application/x-www-form-urlencoded", "data.id=%ZZ&type[]=payment"],
  ["multipart/form-data; boundary=B", "--B\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--B--\r\n"],
  ["application/octet-stream", crypto.getRandomValues(new Uint8Array(2048))],
  [null, '{"event": 1'],
];

Deno.test("[hardening] payment webhooks with every provider configured: hostile bodies, no 5xx", async () => {
  const stripe = startStripeServer();
  const efi = startEfiServer({ clientId: "Fz_id", clientSecret: "Fz_secret" });
  const prov = startPaymentLinksServer({ mp: "APP_USR-fz", asaas: "$aact_fz" });
  const app = await startTestServer({
    scheduler: false,
    env: {
      STRIPE_API_URL: stripe.url,
      EFI_API_URL: efi.url,
      MERCADOPAGO_API_URL: prov.url,
      ASAAS_API_URL: prov.url,
    },
  });
  try {
    const op = await operatorToken(app);
    const cert = new FormData();
    cert.set("file", new File([makeP12()], "certificadoEfi.p12", { type: "application/x-pkcs12" }));
    await expectOk(
      await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
        method: "POST",
        token: op,
        body: cert,
      }),
    );
    for (
      const [k, v] of [
        ["stripeprivatekey", "sk_test_fz"],
        ["stripewebhooksecret", "whsec_fz"],
        ["eficlientid", "Fz_id"],
        ["eficlientsecret", "Fz_secret"],
        ["efichavepix", "pix@fz.example"],
        ["mpaccesstoken", "APP_USR-fz"],
        ["asaastoken", "$aact_fz"],
      ]
    ) await setPlatform(app, op, k, v);
    const a = await createTenant(app, {
      plan: { amount: 30, isPublic: true },
      dueDate: addDays(todayIn(new Date(), "America/Sao_Paulo"), 3),
    });
    await ensureInvoices(app.deps);
    const [inv] = await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id));
    const pay = await expectOk<Record<string, unknown>>(
      await app.request("/api/subscription", {
        method: "POST",
        token: a.adminToken,
        json: { firstName: "Ana", zipcode: "1", plan: a.plan.id, invoiceId: inv.id },
      }),
    );
    assert.ok(pay.stripeURL && pay.qrcode && pay.mercadopagoURL && pay.asaasURL, "every provider configured");
    const session = [...stripe.sessions.values()].at(-1)! as Record<string, Jsonish>;
    const txid = [...efi.charges.keys()].at(-1)!;
    const link = String(prov.links.at(-1)!.id);
    prov.mpPay("7001", {
      status: "approved",
      external_reference: `invoice-${inv.id}`,
      transaction_amount: 1,
    });
    prov.asaasPay("pay_fz1", { status: "RECEIVED", paymentLink: link, value: 1 });
    const hmac = await webhookHmac(app.deps);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (
      path: string,
      type: string | null,
      body: BodyInit,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.app.request(path, {
        method: "POST",
        body,
        headers: { ...(type ? { "content-type": type } : {}), ...headers },
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) {
        failures.push(`${path} → ${res.status} ${String(body).slice(0, 120)}: ${text.slice(0, 200)}`);
      }
    };

    const routes = [
      "/api/webhooks/stripe",
      `/api/webhooks/efi?hmac=${hmac}&ignorar=/pix`,
      `/api/webhooks/efi/pix?hmac=${hmac}`,
      "/api/webhooks/efi?hmac=wrong",
      "/api/webhooks/mercadopago",
      `/api/webhooks/mercadopago?data.id=${"9".repeat(5000)}&type=payment`,
      "/api/webhooks/asaas",
    ];
    for (const path of routes) for (const [type, body] of MALFORMED) await send(path, type, body);

    const templates: [string, Jsonish][] = [
      [`/api/webhooks/efi?hmac=${hmac}&ignorar=/pix`, {
        pix: [{
          endToEndId: "E12345678202611251200abcdefghijk",
          txid,
          valor: "30.00",
          horario: "2026-11-25T12:00:00Z",
        }],
      }],
      ["/api/webhooks/mercadopago", { action: "payment.updated", type: "payment", data: { id: "7001" } }],
      ["/api/webhooks/asaas", { event: "PAYMENT_RECEIVED", payment: { id: "pay_fz1", value: 1 } }],
    ];
    for (const [path, template] of templates) {
      for (const body of mutations(template)) {
        await send(path, "application/json", JSON.stringify(body ?? null));
      }
    }
    const stripeEvents: Jsonish[] = [
      {
        id: "evt_fz",
        type: "checkout.session.completed",
        // Paid, but for less than the invoice: no mutation that keeps it well-formed may pay.
        data: { object: { ...session, amount_total: 100, payment_status: "paid", payment_intent: "pi_fz" } },
      },
      {
        id: "evt_fz_renew",
        type: "invoice.paid",
        data: {
          object: {
            id: "in_fz",
            billing_reason: "subscription_cycle",
            amount_paid: 100,
            currency: "usd",
            parent: { subscription_details: { subscription: "sub_fz" } },
          },
        },
      },
    ];
    for (const template of stripeEvents) {
      for (const ev of mutations(template)) {
        // The package's envelope fields around whatever the mutation left, signed with the right secret.
        const body = JSON.stringify(
          ev && typeof ev === "object" && !Array.isArray(ev)
            ? { object: "event", created: 1, ...ev }
            : ev ?? null,
        );
        await send("/api/webhooks/stripe", "application/json", body, {
          "stripe-signature": await signPayload("whsec_fz", body),
        });
      }
    }

    assert.deepEqual(failures, []);
    console.log("payment webhook statuses", JSON.stringify(Object.fromEntries(statuses)));
    assert.ok((statuses.get(400) ?? 0) > 400, "the hostile bodies reached validation");
    assert.ok((statuses.get(200) ?? 0) > 50, "well-formed mutations reached the payment rule");
    const [after] = await app.deps.db.select().from(invoices).where(eq(invoices.id, inv.id));
    assert.equal(after.status, "open", "nothing hostile paid the invoice");
  } finally {
    await app.close();
    await stripe.close();
    await efi.close();
    await prov.close();
  }
});
