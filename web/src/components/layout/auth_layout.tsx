import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2 } from "lucide-react";
import { AppLogo } from "./app_logo.tsx";
import { useTheme } from "../../lib/theme.tsx";

/** Split screen for the public pages: brand panel on the left, the form card on the right. */
export function AuthLayout(
  { title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode },
) {
  const { t } = useTranslation("auth");
  const { appName } = useTheme();
  const points = [t("brand.point1"), t("brand.point2"), t("brand.point3")];
  return (
    <div className="grid min-h-full lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-[linear-gradient(150deg,var(--brand),color-mix(in_oklab,var(--brand)_55%,#0b1220))] p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-2xl" />
        <div className="pointer-events-none absolute -bottom-32 -left-20 size-96 rounded-full bg-black/10 blur-2xl" />
        <div className="relative flex items-center gap-3 text-lg font-semibold">
          <span className="rounded-xl bg-white/95 p-1.5 shadow-sm">
            <AppLogo compact />
          </span>
          {appName}
        </div>
        <div className="relative flex max-w-md flex-col gap-6">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">{t("brand.headline")}</h2>
          <ul className="flex flex-col gap-3 text-[15px] text-white/90">
            {points.map((p) => (
              <li key={p} className="flex items-start gap-2.5">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-white" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/70">
          {t("brand.footer", { year: new Date().getFullYear(), appName })}
        </p>
      </aside>
      <main className="flex items-center justify-center px-5 py-10 sm:px-10">
        <div className="flex w-full max-w-[420px] flex-col gap-7">
          <div className="lg:hidden">
            <AppLogo />
          </div>
          <div className="flex flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
            {subtitle && <p className="text-sm text-ink-muted">{subtitle}</p>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
