import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Lock, ShieldAlert, Sparkles } from "lucide-react";
import { Button } from "../ui/button.tsx";

function StatusView(
  { icon, title, description, testId, backTo }: {
    icon: ReactNode;
    title: string;
    description: string;
    testId: string;
    backTo: string;
  },
) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={testId}
      className="flex min-h-[60vh] flex-col items-center justify-center gap-5 px-6 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-2xl bg-danger/10 text-danger [&_svg]:size-8">
        {icon}
      </div>
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="text-sm text-ink-muted">{description}</p>
      </div>
      <Button asChild variant="secondary">
        <Link to={backTo}>{backTo === "/tickets" ? t("actions.backToTickets") : t("actions.backHome")}</Link>
      </Button>
    </div>
  );
}

/** 'Oops! Access denied!' with a Back button to /tickets. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="access-denied"
      icon={<ShieldAlert />}
      title={t("status.accessDenied")}
      description={t("status.accessDeniedHint")}
      backTo="/tickets"
    />
  );
}

/** The forbidden view of pages that need another role. */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="forbidden"
      icon={<Lock />}
      title={t("status.forbidden")}
      description={t("status.forbiddenHint")}
      backTo="/tickets"
    />
  );
}

/** Shown when the company's plan lacks the feature. */
export function PlanForbidden() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="plan-forbidden"
      icon={<Sparkles />}
      title={t("status.planTitle")}
      description={t("status.planForbidden")}
      backTo="/tickets"
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="not-found"
      icon={<ShieldAlert />}
      title={t("status.notFound")}
      description={t("status.notFoundHint")}
      backTo="/"
    />
  );
}
