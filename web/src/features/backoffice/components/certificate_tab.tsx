import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileKey } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useUploadCertificate } from "../api/backoffice.ts";

/** The PIX certificate (spec 3 §2): destination certificadoEfi and a .p12 file. */
export function CertificateTab() {
  const { t } = useTranslation("backoffice");
  const upload = useUploadCertificate();
  const [ref, setRef] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<{ ref?: string; file?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ref) return setError({ ref: t("cert.chooseDestination") });
    if (!file) return setError({ file: t("cert.chooseFile") });
    if (!file.name.toLowerCase().endsWith(".p12")) return setError({ file: t("cert.onlyP12") });
    try {
      const r = await upload.mutateAsync({ ref, file });
      if (r.mensagem === "Archivo adjunto") toastSuccess(t("cert.sent"));
      setFile(null);
    } catch (err) {
      toastError(err, { fallbackKey: "backoffice:cert.uploadError" });
    }
  };

  return (
    <Card className="mt-5 max-w-xl" data-testid="cert-tab">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileKey className="size-4 text-primary-strong" />
          {t("cert.title")}
        </CardTitle>
        <CardDescription>{t("cert.description")}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field label={t("cert.destination")} htmlFor="cert-ref" error={error.ref}>
            <Select
              id="cert-ref"
              data-testid="cert-ref"
              value={ref || undefined}
              onValueChange={(v) => (setRef(v), setError({}))}
              placeholder={t("cert.chooseDestination")}
              options={[{ value: "certificadoEfi", label: "certificadoEfi" }]}
            />
          </Field>
          <Field label={t("cert.file")} htmlFor="cert-file" error={error.file}>
            <input
              id="cert-file"
              type="file"
              accept=".p12"
              data-testid="cert-file"
              onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError({}))}
              className="text-sm text-ink file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-1.5 file:text-ink"
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={upload.isPending} data-testid="cert-send">{t("cert.send")}</Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
