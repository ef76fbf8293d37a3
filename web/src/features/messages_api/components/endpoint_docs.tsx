import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ExternalLink } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { OPENAPI_PATH, REFERENCE_PATH, SEND_PATH } from "../api/send_message.ts";

export function Code({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <pre
      data-testid={testId}
      className="overflow-x-auto rounded-xl border border-line bg-surface-2 px-4 py-3 font-mono text-[12.5px] leading-relaxed text-ink"
    >{children}</pre>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** How to call the send endpoint: method, URL, headers, JSON and multipart bodies, the answer. */
export function EndpointDocs() {
  const { t } = useTranslation("messagesApi");
  const url = `${location.origin}${SEND_PATH}`;
  const json = `{
  "number": "5511999999999",
  "body": "${t("docs.sampleBody")}"
}`;
  const curlJson = `curl -X POST ${url} \\
  -H "Authorization: Bearer <TOKEN>" \\
  -H "Content-Type: application/json" \\
  -d '{"number":"5511999999999","body":"${t("docs.sampleBody")}"}'`;
  const curlMedia = `curl -X POST ${url} \\
  -H "Authorization: Bearer <TOKEN>" \\
  -F number=5511999999999 \\
  -F medias=@/path/to/file.pdf`;
  const response = `{
  "status": "SUCCESS",
  "ticketId": 42,
  "messageIds": [1337]
}`;
  return (
    <Card data-testid="messages-api-docs">
      <CardHeader>
        <CardTitle>{t("docs.title")}</CardTitle>
        <CardDescription>{t("docs.description")}</CardDescription>
      </CardHeader>
      <CardBody className="flex flex-col gap-5">
        <Section title={t("docs.endpoint")}>
          <div className="flex min-w-0 items-center gap-2 rounded-xl border border-line px-3 py-2">
            <Badge tone="success" className="font-mono">POST</Badge>
            <code className="truncate font-mono text-[13px] text-ink" data-testid="messages-api-url">
              {url}
            </code>
          </div>
        </Section>
        <Section title={t("docs.headers")}>
          <Code>
            {`Authorization: Bearer <TOKEN>\nContent-Type: application/json | multipart/form-data`}
          </Code>
          <p className="text-xs text-ink-subtle">{t("docs.tokenHint")}</p>
        </Section>
        <Section title={t("docs.fields")}>
          <ul className="grid gap-1.5 text-[13px] text-ink-muted">
            {["number", "body", "medias", "userId", "queueId", "sendSignature", "closeTicket"].map((f) => (
              <li key={f} className="flex gap-2">
                <code className="shrink-0 font-mono text-ink">{f}</code>
                <span>— {t(`docs.field.${f}`)}</span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t("docs.jsonExample")}>
          <Code>{json}</Code>
          <Code>{curlJson}</Code>
        </Section>
        <Section title={t("docs.multipartExample")}>
          <Code>{curlMedia}</Code>
        </Section>
        <Section title={t("docs.response")}>
          <Code>{response}</Code>
        </Section>
        <a
          href={OPENAPI_PATH}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-strong hover:underline"
          data-testid="messages-api-openapi"
        >
          <ExternalLink className="size-4" />
          {t("docs.openapi")}
        </a>
        <a
          href={REFERENCE_PATH}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-strong hover:underline"
          data-testid="messages-api-reference"
        >
          <ExternalLink className="size-4" />
          {t("docs.reference")}
        </a>
      </CardBody>
    </Card>
  );
}
