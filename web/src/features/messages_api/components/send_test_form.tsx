import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleCheck, CircleX, Paperclip, Send } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { errorMessage, toastError, toastSuccess } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { sendTestMessage } from "../api/send_message.ts";
import { Code } from "./endpoint_docs.tsx";

type Kind = "text" | "media";
type Result = { ok: boolean; text: string; json?: string };
type TokenOption = { value: string; label: string };

/** One outbound test form: text (token, number, body) or media (token, number, file). */
export function SendTestForm({ kind, tokens }: { kind: Kind; tokens: TokenOption[] }) {
  const { t } = useTranslation("messagesApi");
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = (f: string) => `api-${kind}-${f}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec 3 §5: token and number required; body required for text; file required for media.
    const found: Record<string, string> = {};
    if (!token.trim()) found.token = t("form.errors.token");
    if (!number.trim()) found.number = t("form.errors.number");
    else if (!/^\d{5,30}$/.test(number.replace(/\D/g, "")) || /[^\d\s()+-]/.test(number)) {
      found.number = t("form.errors.numberFormat");
    }
    if (kind === "text" && !body.trim()) found.body = t("form.errors.body");
    if (kind === "media" && !file) found.file = t("form.errors.file");
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    setResult(null);
    try {
      const out = await sendTestMessage(token, {
        number: number.replace(/\D/g, ""),
        body: kind === "text" ? body : body || undefined,
        file: kind === "media" ? file : null,
      });
      setResult({ ok: true, text: t("result.success"), json: JSON.stringify(out, null, 2) });
      toastSuccess(t("result.success"));
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card data-testid={`api-form-${kind}`}>
      <CardHeader>
        <CardTitle>{t(`${kind}.title`)}</CardTitle>
        <CardDescription>{t(`${kind}.description`)}</CardDescription>
      </CardHeader>
      <CardBody>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field
            label={t("form.token")}
            htmlFor={id("token")}
            error={errors.token}
            action={tokens.length > 0
              ? (
                <Select
                  value={undefined}
                  onValueChange={setToken}
                  options={tokens}
                  placeholder={t("form.pickConnection")}
                  className="h-7 w-48 text-xs"
                  aria-label={t("form.pickConnection")}
                  data-testid={id("pick")}
                />
              )
              : undefined}
          >
            <Input
              id={id("token")}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              className="font-mono text-[13px]"
              aria-invalid={!!errors.token}
              autoComplete="off"
            />
          </Field>
          <Field
            label={t("form.number")}
            htmlFor={id("number")}
            error={errors.number}
            hint={t("form.numberHint")}
          >
            <Input
              id={id("number")}
              inputMode="numeric"
              value={number}
              placeholder="5511999999999"
              onChange={(e) => setNumber(e.target.value)}
              aria-invalid={!!errors.number}
            />
          </Field>
          {kind === "text"
            ? (
              <Field label={t("form.body")} htmlFor={id("body")} error={errors.body}>
                <Textarea
                  id={id("body")}
                  rows={3}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  aria-invalid={!!errors.body}
                />
              </Field>
            )
            : (
              <Field label={t("form.file")} htmlFor={id("file")} error={errors.file}>
                <div className="flex items-center gap-3">
                  <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                    <Paperclip className="size-4" />
                    {t("form.chooseFile")}
                  </Button>
                  <span className="truncate text-sm text-ink-muted">{file?.name ?? t("form.noFile")}</span>
                  <input
                    ref={fileInput}
                    id={id("file")}
                    type="file"
                    className="sr-only"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </div>
              </Field>
            )}
          <div className="flex justify-end">
            <Button type="submit" loading={sending} data-testid={id("send")}>
              {!sending && <Send className="size-4" />}
              {t("form.send")}
            </Button>
          </div>
          {result && (
            <div
              role="status"
              data-testid={id("result")}
              className={cn(
                "flex flex-col gap-2 rounded-xl border px-4 py-3 text-sm",
                result.ok ? "border-success/30 bg-success/5" : "border-danger/30 bg-danger/5",
              )}
            >
              <p
                className={cn(
                  "flex items-center gap-2 font-medium",
                  result.ok ? "text-success" : "text-danger",
                )}
              >
                {result.ok ? <CircleCheck className="size-4" /> : <CircleX className="size-4" />}
                {result.text}
              </p>
              {result.json && <Code>{result.json}</Code>}
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
