import { useTranslation } from "react-i18next";
import { AuthLayout } from "../../components/layout/auth_layout.tsx";
import { SignupForm } from "../../features/auth/components/signup_form.tsx";

export function SignupPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthLayout title={t("signup.title")} subtitle={t("signup.subtitle")}>
      <SignupForm />
    </AuthLayout>
  );
}
