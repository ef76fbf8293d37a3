import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, ShieldCheck } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  type Enrolment,
  regenerateCodes,
  startEnrolment,
  twoFactorStatus,
} from "../api.ts";
import { CodeField } from "./code_field.tsx";
import { EnrolmentView } from "./enrolment_view.tsx";
import { RecoveryCodes } from "./recovery_codes.tsx";

const KEY = ["two-factor-status"];

/** The profile dialog's two-factor block: enrol, see the recovery codes once, regenerate, turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation("twoFactor");
  const qc = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: twoFactorStatus });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    try {
      await fn();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
      setCode("");
    }
  };
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });

  const s = status.data;
  return (
    <section className="flex flex-col gap-4 border-t border-line pt-5" data-testid="twofa-section">
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
          <ShieldCheck className="size-4" />
        </span>
        <div className="flex flex-1 flex-col gap-0.5">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            {t("profile.title")}
            {s && (
              <Badge tone={s.enabled ? "success" : "neutral"} data-testid="twofa-state">
                {s.enabled ? t("profile.on") : t("profile.off")}
              </Badge>
            )}
          </h3>
          <p className="text-xs text-ink-muted">
            {s?.required ? t("profile.requiredHint") : t("profile.hint")}
          </p>
        </div>
      </div>

      {!s ? <Spinner /> : codes
        ? (
          <div className="flex flex-col gap-3">
            <RecoveryCodes codes={codes} />
            <Button variant="secondary" onClick={() => setCodes(null)} data-testid="twofa-codes-done">
              {t("recovery.saved")}
            </Button>
          </div>
        )
        : !s.enabled && !enrolment
        ? (
          <Button
            variant="secondary"
            className="self-start"
            loading={busy === "setup"}
            onClick={() => run("setup", async () => setEnrolment(await startEnrolment()))}
            data-testid="twofa-enable"
          >
            <KeyRound className="size-4" />
            {t("profile.enable")}
          </Button>
        )
        : !s.enabled && enrolment
        ? (
          <div className="flex flex-col gap-4">
            <EnrolmentView enrolment={enrolment} />
            <CodeField id="twofa-confirm-code" value={code} onChange={setCode} autoFocus={false} />
            <div className="flex flex-wrap gap-2">
              <Button
                loading={busy === "confirm"}
                disabled={code.trim().length !== 6}
                onClick={() =>
                  run("confirm", async () => {
                    const r = await confirmEnrolment(code);
                    setEnrolment(null);
                    setCodes(r.recoveryCodes);
                    toastSuccess(t("profile.enabled"));
                    await refresh();
                  })}
                data-testid="twofa-confirm"
              >
                {t("profile.confirm")}
              </Button>
              <Button variant="secondary" onClick={() => setEnrolment(null)}>
                {t("common:actions.cancel")}
              </Button>
            </div>
          </div>
        )
        : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-ink-muted" data-testid="twofa-codes-left">
              {t("profile.codesLeft", { count: s.recoveryCodesLeft })}
            </p>
            <CodeField
              id="twofa-manage-code"
              value={code}
              onChange={setCode}
              allowRecovery
              autoFocus={false}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                loading={busy === "regenerate"}
                disabled={code.trim().length < 6}
                onClick={() =>
                  run("regenerate", async () => {
                    setCodes((await regenerateCodes(code)).recoveryCodes);
                    await refresh();
                  })}
                data-testid="twofa-regenerate"
              >
                {t("profile.regenerate")}
              </Button>
              {!s.required && (
                <Button
                  variant="danger"
                  loading={busy === "disable"}
                  disabled={code.trim().length < 6}
                  onClick={() =>
                    run("disable", async () => {
                      await disableTwoFactor(code);
                      toastSuccess(t("profile.disabled"));
                      await refresh();
                    })}
                  data-testid="twofa-disable"
                >
                  {t("profile.disable")}
                </Button>
              )}
            </div>
          </div>
        )}
    </section>
  );
}
