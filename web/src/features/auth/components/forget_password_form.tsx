import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { resetPassword, sendResetCode } from "../api/auth_calls.ts";
import { PasswordStrength } from "./password_strength.tsx";
import { validateReset, validateResetEmail } from "./validation.ts";

/** Two steps: the e-mail receives a code, then code + new password + confirmation. */
export function ForgetPasswordForm({ onStepChange }: { onStepChange: (step: 1 | 2) => void }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState("");
  const [values, setValues] = useState({ code: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const err = (k: string) => (errors[k] ? t(errors[k]) : null);
  const go = (s: 1 | 2) => {
    setStep(s);
    onStepChange(s);
  };

  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateResetEmail(email);
    setErrors(found ? { email: found } : {});
    if (found) return;
    setBusy(true);
    try {
      await sendResetCode(email.trim().toLowerCase());
      toastSuccess(t("reset.codeSent"));
      go(2);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await resetPassword({
        email: email.trim().toLowerCase(),
        token: values.code.trim(),
        newPassword: values.password,
      });
      toastSuccess(t("reset.done"));
      navigate("/login");
    } catch (error) {
      toastError(error);
      setBusy(false);
    }
  };

  if (step === 1) {
    return (
      <form onSubmit={sendCode} className="flex flex-col gap-5" noValidate data-testid="forget-step-1">
        <Field label={t("reset.email")} htmlFor="fp-email" error={err("email")}>
          <Input
            id="fp-email"
            type="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" loading={busy} data-testid="forget-send">
          {t("reset.sendCode")}
        </Button>
        <Links />
      </form>
    );
  }
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  return (
    <form onSubmit={reset} className="flex flex-col gap-4" noValidate data-testid="forget-step-2">
      <p className="rounded-lg bg-primary-soft px-3 py-2.5 text-sm text-ink">
        {t("reset.codeHint", { email })}
      </p>
      <Field label={t("reset.code")} htmlFor="fp-code" error={err("code")}>
        <Input
          id="fp-code"
          autoFocus
          autoComplete="one-time-code"
          value={values.code}
          onChange={set("code")}
        />
      </Field>
      <Field label={t("reset.newPassword")} htmlFor="fp-password" error={err("password")}>
        <PasswordInput
          id="fp-password"
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
        />
      </Field>
      <PasswordStrength password={values.password} />
      <Field label={t("reset.confirmPassword")} htmlFor="fp-confirm" error={err("confirm")}>
        <PasswordInput
          id="fp-confirm"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set("confirm")}
        />
      </Field>
      <Button type="submit" size="lg" loading={busy} data-testid="forget-reset">{t("reset.submit")}</Button>
      <Button variant="ghost" onClick={() => go(1)}>
        <ArrowLeft className="size-4" />
        {t("reset.back")}
      </Button>
    </form>
  );
}

function Links() {
  const { t } = useTranslation("auth");
  return (
    <div className="flex justify-between text-sm">
      <Link to="/login" className="font-medium text-primary-strong hover:underline">
        {t("reset.toLogin")}
      </Link>
      <Link to="/signup" className="font-medium text-primary-strong hover:underline">
        {t("reset.toSignup")}
      </Link>
    </div>
  );
}
