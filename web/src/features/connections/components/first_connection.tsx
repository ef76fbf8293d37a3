/** /connections with none yet: what a connection is for, and the way to add one. */
import { useTranslation } from "react-i18next";
import { Cable } from "lucide-react";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import type { Channel } from "../api/connections.ts";
import { NewConnectionMenu } from "./new_connection_menu.tsx";

export function FirstConnection({ onCreate }: { onCreate: (channel: Channel) => void }) {
  const { t } = useTranslation("inbox");
  return (
    <div data-testid="connections-empty">
      <EmptyState
        icon={<Cable />}
        title={t("empty.connections.title")}
        description={t("empty.connections.hint")}
        action={<NewConnectionMenu onCreate={onCreate} testId="conn-add-empty" />}
      />
    </div>
  );
}
