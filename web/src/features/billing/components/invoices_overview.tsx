import { useTranslation } from "react-i18next";
import { CalendarClock, FileText, Wallet } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { useAuth } from "../../../lib/auth.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { effectiveDueDate, isSubscriptionExpired } from "../../../lib/subscription.ts";

/** The finance page: subscription status and the invoice list (online payment lands with billing). */
export function InvoicesOverview() {
  const { t } = useTranslation("billing");
  const { user } = useAuth();
  const company = user?.company;
  const expired = isSubscriptionExpired(company);
  const due = effectiveDueDate(company);
  return (
    <div className="flex flex-col gap-6" data-testid="finance-page">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="md:col-span-1">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Wallet className="size-4 text-primary-strong" />
              {t("subscription")}
            </CardTitle>
            <CardDescription>{company?.plan?.name ?? "—"}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <div className="flex items-center justify-between">
              <span className="text-ink-muted">{t("status")}</span>
              <Badge tone={expired ? "danger" : "success"} data-testid="subscription-status">
                {expired ? t("expiredBadge") : t("activeBadge")}
              </Badge>
            </div>
            <div className="flex items-center justify-between">
              <span className="flex items-center gap-1.5 text-ink-muted">
                <CalendarClock className="size-4" />
                {t("dueDate")}
              </span>
              <span className="font-medium text-ink">{due ? formatDay(due) : "—"}</span>
            </div>
            {expired && <p className="rounded-lg bg-danger/10 px-3 py-2 text-danger">{t("expiredHint")}</p>}
          </CardBody>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>{t("invoices")}</CardTitle>
          </CardHeader>
          <EmptyState
            icon={<FileText />}
            title={t("noInvoices")}
            description={t("noInvoicesHint")}
            className="py-12"
          />
        </Card>
      </div>
    </div>
  );
}
