/** The new key's secret, shown once right after creation, with a copy button. */
import { useTranslation } from "react-i18next";
import { SecretDialog as Shown } from "../../../components/ui/secret_dialog.tsx";
import type { CreatedApiKey } from "../api/api_keys.ts";

export function SecretDialog({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation("developers");
  return (
    <Shown
      value={apiKey.secret}
      title={t("keys.secret.title")}
      description={apiKey.name}
      notice={{ text: t("keys.secret.once"), tone: "warning" }}
      labels={{ copy: t("keys.secret.copy"), done: t("keys.secret.done") }}
      toasts={{ copied: t("keys.secret.copied"), failed: t("keys.secret.copyFailed") }}
      testIds={{
        root: "api-key-secret",
        value: "api-key-secret-value",
        copy: "api-key-secret-copy",
        done: "api-key-secret-done",
      }}
      onDone={onDone}
    />
  );
}
