import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CreditCard, ExternalLink, Upload } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { type Invoice, type PaymentResponse, type PublicPlan, useUploadReceipt } from "../api/billing.ts";

const RECEIPT_TYPES = /^(image\/(jpeg|png|gif)|application\/pdf)$/;

/**
 * The checkout's last step: the ways to pay the created payment (card, Mercado Pago, Asaas links, the
 * PIX QR code) and, for a payment made elsewhere, a proof of payment sent for the operator to approve.
 */
export function CheckoutPayment(
  { invoice, plan, payment, onDone }: {
    invoice: Invoice;
    plan: PublicPlan | null;
    payment: PaymentResponse | null;
    onDone: () => void;
  },
) {
  const { t } = useTranslation("billing");
  const upload = useUploadReceipt();
  const [receipt, setReceipt] = useState<{ descripcion: string; file: File | null; error: string | null }>({
    descripcion: "",
    file: null,
    error: null,
  });

  // No provider configured: nothing here can take the payment online, and nothing will close this
  // window by itself; the customer pays by PIX or transfer and sends the proof below.
  const online = !!(payment?.stripeURL || payment?.mercadopagoURL || payment?.asaasURL || payment?.qrcode);

  const sendReceipt = async () => {
    if (!receipt.descripcion.trim()) {
      return setReceipt((r) => ({ ...r, error: t("receipt.descriptionRequired") }));
    }
    if (!receipt.file) return setReceipt((r) => ({ ...r, error: t("receipt.fileRequired") }));
    if (!RECEIPT_TYPES.test(receipt.file.type)) {
      return setReceipt((r) => ({ ...r, error: t("receipt.badType") }));
    }
    const form = new FormData();
    form.set("descripcion", receipt.descripcion.trim());
    form.set("file", receipt.file);
    form.set("invoiceId", String(invoice.id));
    form.set("totalPrice", String(payment?.valorext ?? invoice.value));
    if (plan) (form.set("planId", String(plan.id)), form.set("planName", plan.name));
    try {
      await upload.mutateAsync(form);
      toastSuccess(t("receipt.sent"));
      onDone();
    } catch (err) {
      toastError(err, { fallbackKey: "billing:receipt.uploadError" });
    }
  };

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="checkout-payment">
      <p className="text-ink">
        {t("checkout.total")}:{" "}
        <span className="font-semibold tabular-nums">{payment?.valorext.toFixed(2)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {payment?.stripeURL && (
          <Button asChild>
            <a
              href={payment.stripeURL}
              target="_blank"
              rel="noreferrer"
              data-testid="checkout-stripe"
            >
              <CreditCard className="size-4" />
              {t("checkout.payCard")}
              <ExternalLink className="size-3.5" />
            </a>
          </Button>
        )}
        {payment?.mercadopagoURL && (
          <Button variant="secondary" asChild>
            <a href={payment.mercadopagoURL} target="_blank" rel="noreferrer">Mercado Pago</a>
          </Button>
        )}
        {payment?.asaasURL && (
          <Button variant="secondary" asChild>
            <a href={payment.asaasURL} target="_blank" rel="noreferrer">Asaas</a>
          </Button>
        )}
      </div>
      {payment?.qrcode && (
        <div className="flex flex-col items-center gap-2">
          {payment.qrcode.imagemQrcode && (
            <img src={payment.qrcode.imagemQrcode} alt="PIX" className="size-48" />
          )}
          <code className="w-full rounded-lg bg-surface-2 p-2 text-xs break-all">
            {payment.qrcode.qrcode}
          </code>
        </div>
      )}
      {online ? <p className="text-ink-muted">{t("checkout.waiting")}</p> : (
        <div
          role="status"
          className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-ink"
          data-testid="checkout-offline"
        >
          <p className="font-medium">{t("checkout.offline.title")}</p>
          <p className="text-ink-muted">{t("checkout.offline.body")}</p>
        </div>
      )}
      <div
        className={cn(
          "flex flex-col gap-3 rounded-xl border p-4",
          online ? "border-line" : "border-primary/50",
        )}
        data-testid="receipt-form"
      >
        <p className="font-medium text-ink">{t("receipt.title")}</p>
        <Field label={t("receipt.description")} htmlFor="rc-desc" error={receipt.error}>
          <Input
            id="rc-desc"
            value={receipt.descripcion}
            onChange={(e) => setReceipt({ ...receipt, descripcion: e.target.value, error: null })}
          />
        </Field>
        <input
          type="file"
          accept=".jpg,.jpeg,.png,.gif,.pdf"
          data-testid="receipt-file"
          onChange={(e) => setReceipt({ ...receipt, file: e.target.files?.[0] ?? null, error: null })}
          className="text-sm text-ink file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-1.5 file:text-ink"
        />
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onClick={sendReceipt}
            loading={upload.isPending}
            data-testid="receipt-send"
          >
            <Upload className="size-4" />
            {t("receipt.send")}
          </Button>
        </div>
      </div>
    </div>
  );
}
