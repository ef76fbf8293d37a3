import { WebhooksTab } from "../../features/webhooks/index.ts";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

/** Admins: the Webhooks tab on its own page until the Developers page mounts it among its tabs. */
export function WebhooksPage() {
  return (
    <Gate rule={rules.admin}>
      <div className="mx-auto flex w-full max-w-5xl flex-col" data-testid="page-webhooks">
        <WebhooksTab />
      </div>
    </Gate>
  );
}
