import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Check, CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { api } from "../../../lib/api.ts";
import { useAuth } from "../../../lib/auth.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import { errorMessage, toastError } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import type { UserDTO as User } from "@contract/users.ts";
import {
  billingKeys,
  type Invoice,
  type InvoicesPage,
  type PaymentResponse,
  type PublicPlan,
  useCheckout,
  useCheckoutPlans,
} from "../api/billing.ts";
import { CheckoutPayment } from "./checkout_payment.tsx";

const STEPS = ["data", "plans", "review", "payment"] as const;

/**
 * "PROCESO DE PAGO" (spec 3 §2, §4): Datos, Planes (choosing a plan advances), Revisar (submit
 * creates the payment), then the ways to pay and a receipt upload. It starts at Planes. A payment
 * event (or, when the socket is closed because the company expired, the invoice turning paid)
 * shows the renewal message and returns to / after 4 s.
 */
export function CheckoutDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation("billing");
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const plans = useCheckoutPlans();
  const checkout = useCheckout();
  const [step, setStep] = useState(1);
  const [data, setData] = useState({
    firstName: user?.name ?? "",
    zipcode: "",
    address2: "",
    city: "",
    state: "",
  });
  const [dataErrors, setDataErrors] = useState<Record<string, string>>({});
  const [plan, setPlan] = useState<PublicPlan | null>(null);
  const [recurrent, setRecurrent] = useState(false);
  const [payment, setPayment] = useState<PaymentResponse | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  /** Why the last "pay" failed (a provider outage, …), shown in the review step until the next try. */
  const [payError, setPayError] = useState<string | null>(null);
  const done = useRef(false);

  const finish = async (dueDate: string) => {
    if (done.current) return;
    done.current = true;
    setRenewedUntil(dueDate);
    qc.invalidateQueries({ queryKey: billingKeys.all });
    try {
      setUser(await api.get<User>("/auth/me"));
    } catch { /* the next navigation reloads it */ }
    setTimeout(() => navigate("/", { replace: true }), 4000);
  };

  useRealtimeEvent(
    user ? `company-${user.companyId}-payment` : null,
    (d: { action?: string; company?: { dueDate?: string } }) => {
      if (d?.action === "CONCLUIDA") finish(d.company?.dueDate ?? "");
    },
  );
  // An expired company has no socket: watch the invoice instead while waiting for the payment.
  useEffect(() => {
    if (step !== 3 || renewedUntil) return;
    const timer = setInterval(async () => {
      try {
        const page = await api.get<InvoicesPage>("/invoices/all", { pageNumber: 1, view: "page" });
        if (page.invoices.find((i) => i.id === invoice.id)?.status === "paid") {
          const me = await api.get<User>("/auth/me");
          finish(me.company?.dueDate ?? "");
        }
      } catch { /* try again on the next tick */ }
    }, 5000);
    return () => clearInterval(timer);
  }, [step, renewedUntil, invoice.id]);

  const submitData = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!data.firstName.trim()) errs.firstName = t("checkout.validation.name");
    if (!data.zipcode.trim()) errs.zipcode = t("checkout.validation.zipcode");
    setDataErrors(errs);
    if (!Object.keys(errs).length) setStep(plan ? 2 : 1);
  };

  const pay = async () => {
    if (!plan) return setStep(1);
    if (!data.firstName.trim() || !data.zipcode.trim()) return setStep(0);
    setPayError(null);
    try {
      const r = await checkout.mutateAsync({
        ...data,
        plan: JSON.stringify({ id: plan.id, title: plan.name, price: plan.amount }),
        price: plan.amount,
        users: plan.users,
        connections: plan.connections,
        invoiceId: invoice.id,
        isRecurrent: recurrent,
      });
      setPayment(r);
      setStep(3);
    } catch (err) {
      setPayError(errorMessage(err));
      toastError(err);
    }
  };

  const footer = renewedUntil || step === 3 ? null : (
    <>
      {step < 3 && (
        <Button
          variant="secondary"
          onClick={() => setStep(step === 1 ? 0 : 1)}
          data-testid="checkout-back"
        >
          {t("checkout.back")}
        </Button>
      )}
      {step === 0 && (
        <Button type="submit" form="checkout-data" data-testid="checkout-next">{t("checkout.next")}</Button>
      )}
      {step === 2 && (
        <Button onClick={pay} loading={checkout.isPending} data-testid="checkout-pay">
          <CreditCard className="size-4" />
          {t("checkout.pay")}
        </Button>
      )}
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("checkout.title")}
      className="max-w-2xl"
      footer={footer}
    >
      <div className="flex flex-col gap-5" data-testid="checkout-dialog">
        <ol className="grid grid-cols-4 gap-2 text-xs">
          {STEPS.map((s, i) => (
            <li
              key={s}
              className={cn(
                "flex flex-col items-center gap-1 text-center",
                i === step ? "font-semibold text-primary-strong" : "text-ink-subtle",
              )}
            >
              <span
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border",
                  i < step
                    ? "border-primary bg-primary text-white"
                    : i === step
                    ? "border-primary"
                    : "border-line",
                )}
              >
                {i < step ? <Check className="size-3.5" /> : i + 1}
              </span>
              {t(`checkout.steps.${s}`)}
            </li>
          ))}
        </ol>

        {renewedUntil !== null
          ? (
            <p
              className="rounded-lg bg-success/10 px-4 py-6 text-center text-base font-medium text-success"
              data-testid="checkout-renewed"
            >
              {t("checkout.renewed", { date: formatDay(renewedUntil) })}
            </p>
          )
          : step === 0
          ? (
            <form id="checkout-data" onSubmit={submitData} className="grid gap-4 sm:grid-cols-2">
              <Field label={t("checkout.fields.fullName")} htmlFor="co-name" error={dataErrors.firstName}>
                <Input
                  id="co-name"
                  value={data.firstName}
                  onChange={(e) => setData({ ...data, firstName: e.target.value })}
                />
              </Field>
              <Field label={t("checkout.fields.zipcode")} htmlFor="co-zip" error={dataErrors.zipcode}>
                <Input
                  id="co-zip"
                  value={data.zipcode}
                  onChange={(e) => setData({ ...data, zipcode: e.target.value })}
                />
              </Field>
              <Field label={t("checkout.fields.address")} htmlFor="co-address">
                <Input
                  id="co-address"
                  value={data.address2}
                  onChange={(e) => setData({ ...data, address2: e.target.value })}
                />
              </Field>
              <Field label={t("checkout.fields.city")} htmlFor="co-city">
                <Input
                  id="co-city"
                  value={data.city}
                  onChange={(e) => setData({ ...data, city: e.target.value })}
                />
              </Field>
            </form>
          )
          : step === 1
          ? (
            <div className="grid gap-3 sm:grid-cols-2" data-testid="checkout-plans">
              {(plans.data ?? []).map((p) => (
                <button
                  key={p.id}
                  type="button"
                  data-testid={`checkout-plan-${p.id}`}
                  onClick={() => (setPlan(p), setStep(data.firstName.trim() && data.zipcode.trim() ? 2 : 0))}
                  className={cn(
                    "flex cursor-pointer flex-col gap-1 rounded-xl border p-4 text-left transition-colors hover:border-primary",
                    plan?.id === p.id ? "border-primary bg-primary-soft" : "border-line",
                  )}
                >
                  <span className="font-semibold text-ink">{p.name}</span>
                  <span className="text-2xl font-bold text-ink tabular-nums">
                    {p.amount.toFixed(2)}{" "}
                    <span className="text-xs font-normal text-ink-muted">{t("checkout.perMonth")}</span>
                  </span>
                  <span className="text-xs text-ink-muted">
                    {t("checkout.limits", { users: p.users, connections: p.connections, queues: p.queues })}
                  </span>
                </button>
              ))}
              {plans.data?.length === 0 && <p className="text-sm text-ink-muted">{t("checkout.noPlans")}</p>}
            </div>
          )
          : step === 2
          ? (
            <div className="flex flex-col gap-3 text-sm" data-testid="checkout-review">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                <dt className="text-ink-muted">{t("checkout.fields.fullName")}</dt>
                <dd className="text-ink">{data.firstName}</dd>
                <dt className="text-ink-muted">{t("checkout.plan")}</dt>
                <dd className="text-ink">{plan?.name}</dd>
                <dt className="text-ink-muted">{t("table.detail")}</dt>
                <dd className="text-ink">
                  {t("checkout.limits", {
                    users: plan?.users,
                    connections: plan?.connections,
                    queues: plan?.queues,
                  })}
                </dd>
                <dt className="text-ink-muted">{t("table.dueDate")}</dt>
                <dd className="text-ink">{formatDay(invoice.dueDate)}</dd>
              </dl>
              <label className="flex items-center gap-2 text-ink" htmlFor="co-recurrent">
                <Checkbox
                  id="co-recurrent"
                  checked={recurrent}
                  onCheckedChange={(v) => setRecurrent(v === true)}
                />
                {t("checkout.recurrent")}
              </label>
              {payError && (
                <p role="alert" data-testid="checkout-error" className="text-sm font-medium text-danger">
                  {payError}
                </p>
              )}
            </div>
          )
          : <CheckoutPayment invoice={invoice} plan={plan} payment={payment} onDone={onClose} />}
      </div>
    </Dialog>
  );
}
