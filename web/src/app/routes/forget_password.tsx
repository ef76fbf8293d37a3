import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "../../components/layout/auth_layout.tsx";
import { ForgetPasswordForm } from "../../features/auth/components/forget_password_form.tsx";

export function ForgetPasswordPage() {
  const { t } = useTranslation("auth");
  const [step, setStep] = useState<1 | 2>(1);
  return (
    <AuthLayout title={t("reset.title")} subtitle={step === 1 ? t("reset.subtitle1") : t("reset.subtitle2")}>
      <ForgetPasswordForm onStepChange={setStep} />
    </AuthLayout>
  );
}
