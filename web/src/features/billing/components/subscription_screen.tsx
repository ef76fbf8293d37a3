import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { api } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { effectiveDueDate } from "../../../lib/subscription.ts";
import { toastInfo } from "../../../lib/toast.ts";
import { type Invoice, useInvoices } from "../api/billing.ts";
import { CheckoutDialog } from "./checkout_dialog.tsx";

type CompanyPlan = { email: string | null; recurrence: string; plan: { name: string } };

/** /subscription "Firma" (spec 3 §2): the licence period and billing e-mail, and "Inscríbete ahora". */
export function SubscriptionScreen() {
  const { t } = useTranslation("billing");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const company = useQuery({
    queryKey: ["billing", "companyPlan", me.companyId],
    queryFn: () => api.get<CompanyPlan>(`/companies/listPlan/${me.companyId}`),
  });
  const invoices = useInvoices("");
  const [paying, setPaying] = useState<Invoice | null>(null);
  const due = effectiveDueDate(me.company);
  const unpaid = invoices.data?.pages.flatMap((p) => p.invoices).filter((i) => i.status === "open")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];

  return (
    <div className="flex flex-col gap-6" data-testid="subscription-page">
      <PageHeader title={t("firma.title")} description={t("firma.description")} />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BadgeCheck className="size-4 text-primary-strong" />
            {company.data?.plan.name ?? me.company?.plan?.name ?? "—"}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4 text-sm">
          <p className="text-ink" data-testid="firma-period">
            {due ? t("firma.period", { date: formatDay(due) }) : t("firma.noPeriod")}
          </p>
          <div className="flex flex-col gap-1">
            <span className="text-[13px] font-medium text-ink-muted">{t("firma.email")}</span>
            <span className="rounded-lg bg-surface-2 px-3 py-2 text-ink" data-testid="firma-email">
              {company.data?.email || me.email}
            </span>
          </div>
          {me.profile === "admin" && (
            <div className="flex justify-end">
              <Button
                data-testid="firma-subscribe"
                onClick={() => {
                  if (unpaid) setPaying(unpaid);
                  else (toastInfo(t("firma.noInvoice")), navigate("/financeiro"));
                }}
              >
                {t("firma.subscribe")}
              </Button>
            </div>
          )}
        </CardBody>
      </Card>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
