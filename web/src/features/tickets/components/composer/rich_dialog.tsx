import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { FormDialog } from "../../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../../components/ui/input.tsx";
import { Select } from "../../../../components/ui/select.tsx";
import { api } from "../../../../lib/api.ts";
import { toastError } from "../../../../lib/toast.ts";
import { appendMessage } from "../../api/cache.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

/** The spec's buttons dialog types (Lista, URL, Copia, Llámame, PIX) and their routes. */
const KINDS = ["lista", "URL", "copy", "call", "PIX"] as const;
type Kind = typeof KINDS[number];
const PIX_TYPES = ["CNPJ", "CPF", "PHONE", "EMAIL", "EVP"] as const;

type Row = { title: string; description: string };
type Values = {
  title: string;
  text: string;
  buttonText: string;
  sectionTitle: string;
  rows: Row[];
  description: string;
  url: string;
  image: string;
  copyText: string;
  phone: string;
  sendvalue: string;
  sendkey_type: string;
  sendmerchant_name: string;
  sendKey: string;
};
const EMPTY: Values = {
  title: "",
  text: "",
  buttonText: "",
  sectionTitle: "",
  rows: [{ title: "", description: "" }],
  description: "",
  url: "",
  image: "",
  copyText: "",
  phone: "",
  sendvalue: "",
  sendkey_type: "CPF",
  sendmerchant_name: "",
  sendKey: "",
};

/** The request body each route takes (spec 1 §7). A PHONE PIX key gets +55 when it has no prefix. */
export function richBody(kind: Kind, v: Values): Record<string, unknown> {
  switch (kind) {
    case "lista":
      return {
        title: v.title,
        text: v.text,
        buttonText: v.buttonText,
        sections: [{
          title: v.sectionTitle,
          rows: v.rows.filter((r) => r.title.trim()).map((r, i) => ({
            id: String(i + 1),
            title: r.title,
            ...(r.description.trim() ? { description: r.description } : {}),
          })),
        }],
      };
    case "URL":
      return {
        title: v.title,
        description: v.description,
        buttonText: v.buttonText,
        copyText: v.url,
        ...(v.image ? { image: v.image } : {}),
      };
    case "copy":
      return { title: v.title, description: v.description, buttonText: v.buttonText, copyText: v.copyText };
    case "call":
      return { title: v.title, description: v.description, buttonText: v.buttonText, phone: v.phone };
    case "PIX":
      return {
        title: v.title,
        sendvalue: v.sendvalue,
        sendkey_type: v.sendkey_type,
        sendmerchant_name: v.sendmerchant_name,
        sendKey: v.sendkey_type === "PHONE" && !v.sendKey.startsWith("+") ? `+55${v.sendKey}` : v.sendKey,
      };
  }
}

/** Which fields each type requires, checked before sending. */
const REQUIRED: Record<Kind, (keyof Values)[]> = {
  lista: ["text", "buttonText"],
  URL: ["url"],
  copy: ["copyText"],
  call: ["phone"],
  PIX: ["sendvalue", "sendmerchant_name", "sendKey"],
};

const readAsDataUrl = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(f);
  });

/** The composer's buttons dialog: a list, a link, a copy code, a call button or a PIX charge. */
export function RichDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation("attend");
  const qc = useQueryClient();
  const [kind, setKind] = useState<Kind>("lista");
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Message>(`/messages/${kind}/${ticket.id}`, body),
    onSuccess: (m) => appendMessage(qc, ticket.uuid, m),
  });
  const set = <K extends keyof Values>(k: K, val: Values[K]) => setV((p) => ({ ...p, [k]: val }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!/^\d+$/.test(String(ticket.id))) return toastError(t("rich.invalidTicket"));
    const missing: Partial<Record<keyof Values, string>> = {};
    for (const k of REQUIRED[kind]) if (!String(v[k]).trim()) missing[k] = t("rich.required");
    if (kind === "lista" && !v.rows.some((r) => r.title.trim())) missing.rows = t("rich.rowRequired");
    if (kind === "URL" && v.url && !/^https?:\/\//i.test(v.url)) missing.url = t("rich.urlInvalid");
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await send.mutateAsync(richBody(kind, v));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const text = (
    k: keyof Values,
    label: string,
    o: { area?: boolean; placeholder?: string; max?: number } = {},
  ) => (
    <Field label={label} htmlFor={`rich-${k}`} error={errors[k]}>
      {o.area
        ? (
          <Textarea
            id={`rich-${k}`}
            rows={3}
            value={String(v[k])}
            maxLength={o.max}
            onChange={(e) => set(k, e.target.value as never)}
            data-testid={`rich-${k}`}
          />
        )
        : (
          <Input
            id={`rich-${k}`}
            value={String(v[k])}
            maxLength={o.max}
            placeholder={o.placeholder}
            onChange={(e) => set(k, e.target.value as never)}
            data-testid={`rich-${k}`}
          />
        )}
    </Field>
  );

  return (
    <FormDialog
      title={t("rich.title")}
      description={t("rich.description")}
      onClose={onClose}
      formId="rich-form"
      formTestId="rich-form"
      onSubmit={submit}
      saving={send.isPending}
      saveTestId="rich-send"
      saveLabel={t("rich.send")}
      className="max-w-xl"
    >
      <Field label={t("rich.type")} htmlFor="rich-kind">
        <Select
          id="rich-kind"
          value={kind}
          onValueChange={(k) => (setKind(k as Kind), setErrors({}))}
          options={KINDS.map((k) => ({ value: k, label: t(`rich.kinds.${k}`) }))}
          data-testid="rich-kind"
        />
      </Field>
      {text("title", t("rich.fields.title"), { max: 60 })}
      {kind === "lista" && (
        <>
          {text("text", t("rich.fields.text"), { area: true, max: 1024 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("buttonText", t("rich.fields.buttonText"), { max: 20 })}
            {text("sectionTitle", t("rich.fields.sectionTitle"), { max: 24 })}
          </div>
          <fieldset className="flex flex-col gap-2" data-testid="rich-rows">
            <legend className="mb-1.5 text-[13px] font-medium text-ink-muted">{t("rich.fields.rows")}</legend>
            {v.rows.map((r, i) => (
              <div key={i} className="flex items-center gap-2">
                <Input
                  aria-label={t("rich.fields.rowTitle", { n: i + 1 })}
                  placeholder={t("rich.fields.rowTitle", { n: i + 1 })}
                  value={r.title}
                  maxLength={24}
                  onChange={(e) =>
                    set("rows", v.rows.map((x, j) => j === i ? { ...x, title: e.target.value } : x))}
                  data-testid={`rich-row-title-${i}`}
                />
                <Input
                  aria-label={t("rich.fields.rowDescription")}
                  placeholder={t("rich.fields.rowDescription")}
                  value={r.description}
                  maxLength={72}
                  onChange={(e) =>
                    set("rows", v.rows.map((x, j) => j === i ? { ...x, description: e.target.value } : x))}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("rich.removeRow")}
                  disabled={v.rows.length === 1}
                  onClick={() => set("rows", v.rows.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            ))}
            {errors.rows && <p role="alert" className="text-xs font-medium text-danger">{errors.rows}</p>}
            {v.rows.length < 10 && (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => set("rows", [...v.rows, { title: "", description: "" }])}
                data-testid="rich-add-row"
              >
                <Plus className="size-4" />
                {t("rich.addRow")}
              </Button>
            )}
          </fieldset>
        </>
      )}
      {(kind === "URL" || kind === "copy" || kind === "call") && (
        <>
          {text("description", t("rich.fields.description"), { area: true, max: 1024 })}
          {text("buttonText", t("rich.fields.buttonText"), { max: 20 })}
        </>
      )}
      {kind === "URL" && (
        <>
          {text("url", t("rich.fields.url"), { placeholder: "https://" })}
          <Field label={t("rich.fields.image")} htmlFor="rich-image" hint={t("rich.imageHint")}>
            <Input
              id="rich-image"
              type="file"
              accept=".png,.jpg,.jpeg"
              data-testid="rich-image"
              onChange={async (e) => {
                const f = e.target.files?.[0];
                set("image", f ? await readAsDataUrl(f) : "");
              }}
            />
          </Field>
        </>
      )}
      {kind === "copy" && text("copyText", t("rich.fields.copyText"), { max: 500 })}
      {kind === "call" && text("phone", t("rich.fields.phone"), { placeholder: "+55 11 4000-0000" })}
      {kind === "PIX" && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("sendvalue", t("rich.fields.value"), { placeholder: "49,90" })}
            {text("sendmerchant_name", t("rich.fields.merchant"), { max: 60 })}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("rich.fields.keyType")} htmlFor="rich-keytype">
              <Select
                id="rich-keytype"
                value={v.sendkey_type}
                onValueChange={(k) => set("sendkey_type", k)}
                options={PIX_TYPES.map((k) => ({ value: k, label: t(`rich.pixTypes.${k}`) }))}
                data-testid="rich-keytype"
              />
            </Field>
            {text("sendKey", t("rich.fields.key"), { max: 100 })}
          </div>
        </>
      )}
    </FormDialog>
  );
}
