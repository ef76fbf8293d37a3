import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShieldCheck } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAuth } from "../../../lib/auth.tsx";
import { toastError } from "../../../lib/toast.ts";
import {
  type Enrolment,
  type LoginChallenge,
  loginSetup,
  loginWithCode,
  type SessionAnswer,
} from "../api.ts";
import { CodeField } from "./code_field.tsx";
import { EnrolmentView } from "./enrolment_view.tsx";
import { RecoveryCodes } from "./recovery_codes.tsx";

/**
 * The login after the password when a second factor is due: the code (or a recovery code), or —
 * when 2FA is required and the user has none yet — enrolment first, then the recovery codes, and
 * only then the session.
 */
export function LoginSecondStep(
  { challenge, from, onCancel }: { challenge: LoginChallenge; from?: string; onCancel: () => void },
) {
  const { t } = useTranslation("twoFactor");
  const { startSession } = useAuth();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [done, setDone] = useState<SessionAnswer | null>(null);

  useEffect(() => {
    if (!challenge.enroll) return;
    loginSetup(challenge.challenge).then(setEnrolment).catch((err) => {
      toastError(err);
      onCancel();
    });
  }, [challenge]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await loginWithCode(challenge.challenge, code);
      if (res.recoveryCodes?.length) setDone(res);
      else startSession(res, from);
    } catch (err) {
      toastError(err);
      setCode("");
      // A dead challenge (expired, out of attempts) means starting again from the password.
      if ((err as { code?: string }).code === "ERR_2FA_CHALLENGE_INVALID") onCancel();
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="flex flex-col gap-5" data-testid="login-recovery-codes">
        <h2 className="text-base font-semibold">{t("recovery.title")}</h2>
        <RecoveryCodes codes={done.recoveryCodes!} />
        <Button size="lg" onClick={() => startSession(done, from)} data-testid="login-continue">
          {t("recovery.continue")}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate data-testid="login-2fa-form">
      <div className="flex items-start gap-3 rounded-lg bg-primary-soft p-3 text-sm text-primary-strong">
        <ShieldCheck className="mt-0.5 size-5 shrink-0" />
        <p>{challenge.enroll ? t("login.enrolIntro") : t("login.intro")}</p>
      </div>
      {challenge.enroll && (enrolment ? <EnrolmentView enrolment={enrolment} /> : <Spinner />)}
      <CodeField id="login-2fa-code" value={code} onChange={setCode} allowRecovery={!challenge.enroll} />
      <Button
        type="submit"
        size="lg"
        loading={busy}
        disabled={code.trim().length < 6 || (challenge.enroll && !enrolment)}
        data-testid="login-2fa-submit"
      >
        {challenge.enroll ? t("login.enrolSubmit") : t("login.submit")}
      </Button>
      <button type="button" onClick={onCancel} className="text-sm text-ink-muted hover:underline">
        {t("login.back")}
      </button>
    </form>
  );
}
