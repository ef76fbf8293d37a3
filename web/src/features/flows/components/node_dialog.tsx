import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { type NodeData, type NodeType } from "./graph.ts";
import { NodeFields } from "./node_fields.tsx";

type Props = {
  type: NodeType;
  data: NodeData;
  /** Variables the flow's questions define ({{name}}). */
  variables: string[];
  creating: boolean;
  onSave(data: NodeData): void;
  onClose(): void;
};

/** The edit dialog of one node (create or edit mode), checking the spec's rules before it closes. */
export function NodeDialog({ type, data: initial, variables, creating, onSave, onClose }: Props) {
  const { t } = useTranslation("flows");
  const [d, setD] = useState<NodeData>(() => structuredClone(initial));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: NodeData) => (setD((v) => ({ ...v, ...patch })), setError(null));

  const problem = (): string | null => {
    switch (type) {
      case "message":
        return d.label?.trim() ? null : t("editor.errors.emptyMessage");
      case "menu":
        return d.message?.trim() && d.arrayOption.length &&
            d.arrayOption.every((o: NodeData) => o.value.trim())
          ? null
          : t("editor.errors.emptyMessage");
      case "question":
        if (!d.typebotIntegration.message?.trim()) return t("editor.errors.emptyMessage");
        return /^[A-Za-z_]\w{0,39}$/.test(d.typebotIntegration.answerKey ?? "")
          ? null
          : t("editor.errors.answerKey");
      case "interval": {
        const s = Number(d.sec);
        return !s
          ? t("editor.errors.intervalValue")
          : s > 120 || s < 0
          ? t("editor.errors.intervalMax")
          : null;
      }
      case "condition":
        return d.key?.trim() ? null : t("editor.errors.conditionKey");
      case "img":
      case "audio":
      case "video":
        return d.url ? null : t("editor.errors.emptyCards");
      case "singleBlock": {
        if (!d.seq.length) return t("editor.errors.emptyMessage");
        for (const el of d.elements as NodeData[]) {
          if (el.type === "message" && !String(el.value).trim()) return t("editor.errors.emptyMessage");
          if (el.type === "interval" && (!Number(el.value) || Number(el.value) > 120)) {
            return t("editor.errors.blockInterval");
          }
          if (!["message", "interval"].includes(el.type) && !el.value) return t("editor.errors.emptyCards");
        }
        return null;
      }
      case "ticket":
        return d.id ? null : t("editor.errors.queue");
      case "typebot":
        return d.integrationId ? null : t("editor.errors.required");
      case "openai":
        return d.promptId ? null : t("editor.errors.required");
    }
    return null;
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const p = problem();
    if (p) return setError(p);
    onSave(d);
  };

  return (
    <FormDialog
      title={t(creating ? "editor.addTitle" : "editor.editTitle", { type: t(`types.${type}`) })}
      onClose={onClose}
      formId="flow-node-form"
      formTestId="flow-node-form"
      onSubmit={submit}
      saving={false}
      saveTestId="flow-node-save"
      className="max-w-lg"
    >
      <NodeFields type={type} d={d} set={set} variables={variables} />
      {error && (
        <p role="alert" data-testid="flow-node-error" className="text-sm font-medium text-danger">{error}</p>
      )}
    </FormDialog>
  );
}
