/**
 * Receipts (spec 3 §2 /recipts, §3, §4 estado 1 → 2 | 3): a company uploads a proof of payment
 * for one of its unpaid invoices (the invoice shows "En Proceso - Esperando Confirmación"); the
 * operator approves it (the invoice is paid exactly as by a provider, through the same payment
 * rule) or denies it (the invoice is open again). Both sides hear of each change live.
 */
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { invoices, paymentRefs, receipts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { requireSuper } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import { getInvoice } from "./invoices.ts";
import { acceptPayment, judgePayment, termsOf } from "./payment_rule.ts";
import { findReceipts, receiptWithCompany, toDTO } from "./receipts_repo.ts";

export const RECEIPT_TYPES = /^(image\/(jpeg|png|gif)|application\/pdf)$/;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const receiptFields = z.object({
  descripcion: z.string().trim().min(1).max(2000),
  invoiceId: z.coerce.number().int().positive(),
  totalPrice: z.coerce.number().min(0).optional(),
  planId: z.coerce.number().int().positive().optional(),
  planName: z.string().max(120).optional(),
  duration: z.string().max(60).optional(),
});
export const reviewInput = z.object({ estado: z.coerce.number().int().refine((n) => n === 2 || n === 3) });

export async function uploadReceipt(
  deps: Deps,
  actor: Actor,
  fields: z.infer<typeof receiptFields>,
  file: File,
) {
  const inv = await getInvoice(deps, actor.companyId, fields.invoiceId);
  if (!inv) throw notFound("invoice");
  if (inv.status === "paid") {
    throw new AppError("ERR_CONFLICT", { details: { reason: "invoice already paid" } });
  }
  const stored = await deps.media.save(actor.companyId, "receipts", file, {
    maxBytes: RECEIPT_MAX_BYTES,
    accept: RECEIPT_TYPES,
  });
  const row = await deps.database.write(async (tx) => {
    const [r] = await tx.insert(receipts).values({
      companyId: actor.companyId,
      invoiceId: inv.id,
      descripcion: fields.descripcion,
      comprobante: stored.path,
      estado: 1,
      totalPrice: fields.totalPrice ?? inv.value,
      planId: fields.planId ?? inv.planId,
      planName: fields.planName ?? inv.detail,
      duration: fields.duration,
    }).returning();
    // What the receipt pays: the invoice as it stands now (payment_rule.ts); the operator's approval
    // vouches for the proof, the rule for the price.
    await tx.insert(paymentRefs).values({
      companyId: actor.companyId,
      invoiceId: inv.id,
      provider: "receipt",
      ref: String(r.id),
      amount: inv.value,
      // A receipt proves a payment of the invoice, in the invoice's currency.
      currency: inv.currency,
    });
    await tx.update(invoices).set({ status: "proceso" }).where(
      and(eq(invoices.id, inv.id), ne(invoices.status, "paid")),
    );
    return r;
  });
  const dto = await toDTO(deps.media, row, actor.company.name);
  deps.bus.emit("receipt.changed", { companyId: actor.companyId, action: "create", receipt: dto });
  deps.bus.emit("invoice.changed", { companyId: actor.companyId, invoiceId: inv.id });
  return dto;
}

/** GET /recepts: the operator sees every company's, a company admin his own. */
export async function listReceipts(deps: Deps, actor: Actor, q: { searchParam: string; pageNumber: number }) {
  const page = pageOf(q.pageNumber, 20);
  const { rows, count } = await findReceipts(deps.db, deps.media, actor.user.super ? null : actor.companyId, {
    search: q.searchParam,
    ...page,
  });
  return { receipts: rows, count, hasMore: page.hasMore(count) };
}

/** PUT /recepts/{id}: approve (2) or deny (3) a receipt still in process. */
export async function reviewReceipt(deps: Deps, actor: Actor, id: number, estado: 2 | 3 | number) {
  requireSuper(actor);
  const found = await receiptWithCompany(deps.db, id);
  if (!found) throw notFound("receipt");
  if (found.r.estado !== 1) {
    if (found.r.estado === estado) return await toDTO(deps.media, found.r, found.name);
    throw new AppError("ERR_CONFLICT", {
      details: { reason: "receipt already reviewed", estado: found.r.estado },
    });
  }
  const { companyId, invoiceId } = found.r;
  if (estado === 2 && invoiceId) await refuseIfRepriced(deps, id, invoiceId);
  const [updated] = await deps.database.write(async (tx) => {
    const rows = await tx.update(receipts).set({ estado, updatedAt: deps.clock.now().toISOString() })
      .where(and(eq(receipts.id, id), eq(receipts.estado, 1))).returning();
    if (rows.length && estado === 3 && invoiceId) {
      await tx.update(invoices).set({ status: "open" })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.status, "proceso")));
    }
    return rows;
  });
  if (!updated) throw new AppError("ERR_CONFLICT", { details: { reason: "receipt already reviewed" } });
  if (estado === 2 && invoiceId) {
    const terms = await termsOf(deps.db, "receipt", String(id));
    const [inv] = await deps.db.select({ currency: invoices.currency }).from(invoices)
      .where(eq(invoices.id, invoiceId));
    await acceptPayment(deps, {
      event: { provider: "receipt", eventId: String(id), type: "receipt.approved" },
      ref: String(id),
      claimed: { companyId, invoiceId },
      // The operator approved a proof of payment of this invoice: it was paid in the invoice's currency.
      reported: { amount: terms?.amount, currency: inv?.currency },
      txid: `receipt-${id}`,
    });
  }
  const dto = await toDTO(deps.media, updated, found.name);
  deps.bus.emit("receipt.changed", { companyId, action: "update", receipt: dto });
  if (invoiceId) deps.bus.emit("invoice.changed", { companyId, invoiceId });
  return dto;
}

/**
 * A receipt pays the invoice it was uploaded for at the value the invoice had then; when a later
 * checkout priced the invoice higher the approval is refused (409) and the receipt stays in process
 * for the operator to deny.
 */
async function refuseIfRepriced(deps: Deps, receiptId: number, invoiceId: number) {
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const terms = await termsOf(deps.db, "receipt", String(receiptId));
  if (!inv || inv.status === "paid") return;
  const refused = judgePayment(inv, terms, { amount: terms?.amount, currency: inv.currency });
  if (!refused) return;
  console.warn(`[billing] receipt ${receiptId} for invoice ${invoiceId} refused: ${refused}`);
  throw new AppError("ERR_CONFLICT", {
    message: "the invoice changed since this receipt was sent",
    details: { reason: refused, receiptValue: terms?.amount ?? null, invoiceValue: inv.value },
  });
}
