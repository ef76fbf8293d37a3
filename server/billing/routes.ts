/**
 * Billing paths (mounted at /api; spec 3 §7): invoices, checkout, subscription cancel, payment
 * options, receipts, the certificate upload, and the provider webhooks (public, verified).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context.ts";
import { formFile, idParam, validate } from "../lib/validate.ts";
import { readForm, readJson, readText } from "../lib/body.ts";
import { adminOnly, superOnly } from "../auth/super_only.ts";
import { AppError } from "../lib/errors.ts";
import { listInvoices, unpaidCount } from "./invoices.ts";
import { checkout, checkoutInput, paymentOptions } from "./checkout.ts";
import { cancelSubscription, handleStripeWebhook } from "./stripe.ts";
import {
  listReceipts,
  RECEIPT_MAX_BYTES,
  receiptFields,
  reviewInput,
  reviewReceipt,
  uploadReceipt,
} from "./receipts.ts";
import { saveCertificate } from "./cert.ts";
import { listPaymentIssues } from "./payment_issues.ts";
import { handleEfiWebhook } from "./efi.ts";
import { handleAsaasWebhook, handleMercadoPagoWebhook } from "./links.ts";

const listQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

/** Absent `view`: the bare list the spec's client reads; "page": our finance page's envelope. */
const invoicesQuery = listQuery.extend({ view: z.enum(["page"]).optional() });

export const billingRoutes = new Hono<AppEnv>()
  .get("/invoices/all", validate("query", invoicesQuery), async (c) => {
    return c.json(await listInvoices(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .get("/invoices/count", async (c) => c.json({ unpaid: await unpaidCount(c.var.deps, c.var.actor) }))
  .post(
    "/subscription/cancel",
    adminOnly,
    validate("json", z.object({ subscriptionId: z.string().min(1).max(200) })),
    async (c) => {
      await cancelSubscription(c.var.deps, c.var.actor.companyId, c.req.valid("json").subscriptionId);
      return c.json({ cancelled: true });
    },
  )
  .post("/subscription", adminOnly, validate("json", checkoutInput), async (c) => {
    return c.json(await checkout(c.var.deps, c.var.actor, c.req.valid("json")));
  })
  .get("/companySettingOnePayment", async (c) => c.json(await paymentOptions(c.var.deps)))
  .post("/recepts", adminOnly, async (c) => {
    // The file and a few fields; the multipart envelope adds a little.
    const form = await readForm(c, { maxBytes: RECEIPT_MAX_BYTES + 64 * 1024 });
    const parsed = receiptFields.safeParse(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")),
    );
    if (!parsed.success) {
      throw new AppError("ERR_VALIDATION", {
        details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
    const file = await formFile(c, "file");
    return c.json(await uploadReceipt(c.var.deps, c.var.actor, parsed.data, file), 201);
  })
  .get("/recepts", validate("query", listQuery), async (c) => {
    return c.json(await listReceipts(c.var.deps, c.var.actor, c.req.valid("query")));
  })
  .put("/recepts/:id", superOnly, validate("json", reviewInput), async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json(await reviewReceipt(c.var.deps, c.var.actor, id, c.req.valid("json").estado));
  })
  .get(
    "/payment-issues",
    superOnly,
    validate("query", listQuery.pick({ pageNumber: true })),
    async (c) => c.json(await listPaymentIssues(c.var.deps, c.var.actor, c.req.valid("query"))),
  )
  .post("/settings/cert-upload", superOnly, async (c) => {
    const file = await formFile(c, "file");
    await saveCertificate(c.var.deps, c.req.query("ref") ?? "", file);
    return c.json({ mensagem: "Archivo adjunto" });
  });

async function efiWebhook(c: Context<AppEnv>) {
  const hmac = c.req.query("hmac");
  const results = await handleEfiWebhook(
    c.var.deps,
    hmac,
    await readJson(c, { maxBytes: WEBHOOK_MAX_BYTES }),
  );
  return c.json({ received: true, results });
}

/** Payment notifications are small; the providers' own bodies stay far below this. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * Provider webhooks (public: /api/webhooks/… is on the allowlist). The raw body is what is signed;
 * the services bound and type every field (webhook_inputs.ts) and answer 400 for anything else.
 */
export const billingWebhookRoutes = new Hono<AppEnv>()
  .post("/stripe", async (c) => {
    const raw = await readText(c, WEBHOOK_MAX_BYTES);
    const result = await handleStripeWebhook(c.var.deps, raw, c.req.header("stripe-signature"));
    return c.json({ received: true, result });
  })
  // Efí appends "/pix" to the registered URL (it lands in our "ignorar=" parameter; the path
  // form is accepted too); its registration test posts {evento: "teste_webhook"}.
  .post("/efi", efiWebhook)
  .post("/efi/pix", efiWebhook)
  .post("/mercadopago", async (c) => {
    const body = await readJson(c, { maxBytes: WEBHOOK_MAX_BYTES });
    const result = await handleMercadoPagoWebhook(c.var.deps, body, c.req.query("data.id"));
    return c.json({ received: true, result });
  })
  .post("/asaas", async (c) => {
    const body = await readJson(c, { maxBytes: WEBHOOK_MAX_BYTES });
    return c.json({ received: true, result: await handleAsaasWebhook(c.var.deps, body) });
  });
