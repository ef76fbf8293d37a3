import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { type LoginChallenge, useAuth } from "../../../lib/auth.tsx";
import { LoginSecondStep } from "../../two_factor/index.ts";
import { toastError } from "../../../lib/toast.ts";
import { PasswordStrength } from "./password_strength.tsx";
import { useSignupOpen } from "../api/signup_open.ts";

export function LoginForm() {
  const { t } = useTranslation("auth");
  const { login } = useAuth();
  const signupOpen = useSignupOpen();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    try {
      const second = await login(email, password, from);
      if (second) {
        setChallenge(second);
        setSubmitting(false);
      }
    } catch (err) {
      toastError(err);
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <LoginSecondStep
        challenge={challenge}
        from={from}
        onCancel={() => {
          setChallenge(null);
          setPassword("");
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate data-testid="login-form">
      <Field label={t("login.email")} htmlFor="login-email">
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("login.emailPlaceholder")}
        />
      </Field>
      <Field
        label={t("login.password")}
        htmlFor="login-password"
        action={
          <Link to="/forgetpsw" className="text-xs font-medium text-primary-strong hover:underline">
            {t("login.forgot")}
          </Link>
        }
      >
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <PasswordStrength password={password} />
      <Button
        type="submit"
        size="lg"
        loading={submitting}
        disabled={!email || !password}
        data-testid="login-submit"
      >
        {t("login.submit")}
      </Button>
      {signupOpen && (
        <p className="text-center text-sm text-ink-muted">
          {t("login.noAccount")}{" "}
          <Link to="/signup" className="font-medium text-primary-strong hover:underline">
            {t("login.signupLink")}
          </Link>
        </p>
      )}
    </form>
  );
}
