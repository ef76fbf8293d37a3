import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText, Send } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Input } from "../../../../components/ui/input.tsx";

const sizeOf = (
  n: number,
) => (n > 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

function Preview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (file.type.startsWith("image/")) {
    return <img src={url} alt={file.name} className="max-h-64 rounded-lg object-contain" />;
  }
  if (file.type.startsWith("video/")) return <video src={url} controls className="max-h-64 rounded-lg" />;
  if (file.type.startsWith("audio/")) return <audio src={url} controls className="w-full" />;
  return (
    <div className="flex items-center gap-3 rounded-lg bg-surface-2 p-3">
      <FileText className="size-8 text-ink-subtle" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-ink">{file.name}</span>
        <span className="text-xs text-ink-muted">{sizeOf(file.size)}</span>
      </span>
    </div>
  );
}

/** Files chosen or dropped: a preview and an optional caption before sending. */
export function AttachmentPreview(
  { files, initialCaption, sending, onCancel, onSend }: {
    files: File[];
    initialCaption?: string;
    sending: boolean;
    onCancel: () => void;
    onSend: (caption: string) => void;
  },
) {
  const { t } = useTranslation("tickets");
  const [caption, setCaption] = useState(initialCaption ?? "");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={t("composer.previewTitle", { count: files.length })}
      className="max-w-xl"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t("common:actions.cancel")}</Button>
          <Button onClick={() => onSend(caption)} loading={sending} data-testid="attachment-send">
            <Send className="size-4" />
            {t("composer.send")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3" data-testid="attachment-preview">
        <div className="flex flex-col items-center gap-3">
          {files.map((f) => <Preview key={f.name + f.size} file={f} />)}
        </div>
        <Input
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && onSend(caption)}
          placeholder={t("composer.caption")}
          aria-label={t("composer.caption")}
          data-testid="attachment-caption"
          autoFocus
        />
      </div>
    </Dialog>
  );
}
