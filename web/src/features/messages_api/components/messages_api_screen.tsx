import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { useConnectionList } from "../../connections/index.ts";
import { EndpointDocs } from "./endpoint_docs.tsx";
import { SendTestForm } from "./send_test_form.tsx";

/** /messages-api: documents POST /api/messages/send and tests it with text and media (spec 3). */
export function MessagesApiScreen() {
  const { t } = useTranslation("messagesApi");
  const { data } = useConnectionList();
  const tokens = (data ?? []).filter((c) => c.token).map((c) => ({ value: c.token!, label: c.name }));
  return (
    <div className="flex flex-col gap-6" data-testid="messages-api-page">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <EndpointDocs />
        <div className="flex flex-col gap-6">
          <SendTestForm kind="text" tokens={tokens} />
          <SendTestForm kind="media" tokens={tokens} />
        </div>
      </div>
    </div>
  );
}
