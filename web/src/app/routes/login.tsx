import { useTranslation } from "react-i18next";
import { AuthLayout } from "../../components/layout/auth_layout.tsx";
import { LoginForm } from "../../features/auth/components/login_form.tsx";
import { useTheme } from "../../lib/theme.tsx";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const { appName } = useTheme();
  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle", { appName })}>
      <LoginForm />
    </AuthLayout>
  );
}
