// The upload button of media nodes and content blocks, with the spec's type and size rules per kind.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Upload } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { toastError } from "../../../lib/toast.ts";
import { uploadFlowFile } from "../api/flows.ts";

const MB = 1024 * 1024;
/** Upload rules of spec 3 §5: type and size per kind. */
const FILE_RULES = {
  img: { accept: "image/png,image/jpeg", max: 2 * MB, tooBig: "editor.errors.tooBig2" },
  audio: {
    accept: "audio/ogg,audio/mpeg,audio/mp3,audio/opus",
    max: 5 * MB,
    tooBig: "editor.errors.tooBig5",
  },
  video: { accept: "video/mp4", max: 20 * MB, tooBig: "editor.errors.tooBig20" },
  pdf: { accept: "application/pdf", max: 5 * MB, tooBig: "editor.errors.tooBig5" },
} as const;
export type FileKind = keyof typeof FILE_RULES;

export function FilePicker(
  { kind, value, original, onChange, testId }: {
    kind: FileKind;
    value: string;
    original?: string;
    onChange(url: string, original: string): void;
    testId: string;
  },
) {
  const { t } = useTranslation("flows");
  const [busy, setBusy] = useState(false);
  const rule = FILE_RULES[kind];
  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (!rule.accept.split(",").includes(f.type)) return toastError(t("editor.errors.fileType"));
    if (f.size > rule.max) return toastError(t(rule.tooBig));
    setBusy(true);
    try {
      const url = await uploadFlowFile(kind === "img" ? "img" : kind === "audio" ? "audio" : "content", f);
      onChange(url, f.name);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Button asChild variant="secondary" size="sm" className={busy ? "pointer-events-none opacity-60" : ""}>
        <label className="cursor-pointer">
          <Upload className="size-4" />
          {t("editor.upload")}
          <input
            type="file"
            accept={rule.accept}
            className="sr-only"
            data-testid={testId}
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </label>
      </Button>
      <span className="truncate text-xs text-ink-muted">
        {original || (value ? value.split("/").pop() : t("editor.noFile"))}
      </span>
    </div>
  );
}
