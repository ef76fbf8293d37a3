// The {{name}} hint under fields that accept the flow's variables (node fields and content blocks).
import { useTranslation } from "react-i18next";

export function VariablesHint({ variables }: { variables: string[] }) {
  const { t } = useTranslation("flows");
  if (!variables.length) return null;
  return (
    <p className="text-xs text-ink-subtle">
      {t("editor.variables")}{" "}
      {variables.map((v) => <code key={v} className="mr-1 text-primary">{`{{${v}}}`}</code>)}
    </p>
  );
}
