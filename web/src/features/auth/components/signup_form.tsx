import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password_input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { signup, useSignupPlan } from "../api/auth_calls.ts";
import { PasswordStrength } from "./password_strength.tsx";
import { digitsOnly, maskPhone, validateSignup } from "./validation.ts";

export function SignupForm() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const { data: plan } = useSignupPlan(t("signup.demoPlan"));
  const [values, setValues] = useState({ companyName: "", name: "", email: "", password: "", phone: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: k === "phone" ? maskPhone(e.target.value) : e.target.value }));
  const err = (k: string) => (errors[k] ? t(errors[k]) : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length || !plan) return;
    setSubmitting(true);
    try {
      await signup({
        companyName: values.companyName.trim(),
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        password: values.password,
        phone: digitsOnly(values.phone),
        planId: plan.id,
      });
      toastSuccess(t("signup.success"));
      navigate("/login");
    } catch (error) {
      toastError(error, { fallbackKey: "auth:signup.failure" });
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="signup-form">
      <Field label={t("signup.companyName")} htmlFor="su-company" error={err("companyName")}>
        <Input id="su-company" value={values.companyName} onChange={set("companyName")} autoFocus />
      </Field>
      <Field label={t("signup.name")} htmlFor="su-name" error={err("name")}>
        <Input id="su-name" autoComplete="name" value={values.name} onChange={set("name")} />
      </Field>
      <Field label={t("signup.email")} htmlFor="su-email" error={err("email")}>
        <Input id="su-email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
      </Field>
      <Field label={t("signup.password")} htmlFor="su-password" error={err("password")}>
        <PasswordInput
          id="su-password"
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
        />
      </Field>
      <PasswordStrength password={values.password} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("signup.phone")} htmlFor="su-phone">
          <Input
            id="su-phone"
            type="tel"
            inputMode="numeric"
            placeholder="(00) 00000-0000"
            value={values.phone}
            onChange={set("phone")}
          />
        </Field>
        <Field label={t("signup.plan")} htmlFor="su-plan">
          <Select
            id="su-plan"
            value={plan ? String(plan.id) : undefined}
            onValueChange={() => {}}
            options={plan ? [{ value: String(plan.id), label: plan.name }] : []}
            placeholder={t("signup.loadingPlan")}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" loading={submitting} className="mt-1" data-testid="signup-submit">
        {t("signup.submit")}
      </Button>
      <p className="text-center text-sm text-ink-muted">
        {t("signup.haveAccount")}{" "}
        <Link to="/login" className="font-medium text-primary-strong hover:underline">
          {t("signup.loginLink")}
        </Link>
      </p>
    </form>
  );
}
