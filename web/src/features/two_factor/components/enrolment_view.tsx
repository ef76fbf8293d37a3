import { useTranslation } from "react-i18next";
import type { Enrolment } from "../api.ts";

/** The QR code to scan and, for typing by hand, the key. */
export function EnrolmentView({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation("twoFactor");
  return (
    <div
      className="flex flex-col items-center gap-3 sm:flex-row sm:items-start"
      data-testid="twofa-enrolment"
    >
      <img
        src={enrolment.qrCode}
        alt={t("enrol.qrAlt")}
        className="size-44 shrink-0 rounded-lg border border-line bg-white p-1"
        data-testid="twofa-qr"
      />
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <ol className="list-decimal space-y-1 pl-5 text-ink-muted">
          <li>{t("enrol.step1")}</li>
          <li>{t("enrol.step2")}</li>
          <li>{t("enrol.step3")}</li>
        </ol>
        <p className="text-xs text-ink-subtle">{t("enrol.manual")}</p>
        <code
          className="rounded-md bg-surface-2 px-2 py-1 font-mono text-xs break-all"
          data-testid="twofa-secret"
        >
          {enrolment.secret}
        </code>
      </div>
    </div>
  );
}
