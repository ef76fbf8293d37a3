import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { planAllows } from "../../../lib/permissions.ts";
import { ScheduleModal } from "./schedule_modal.tsx";

type Target = { contact: { id: number; name: string }; whatsappId?: number | null; fromContact?: boolean };

/**
 * The schedule dialog opened from a ticket or a contact (spec 1 §2): `allowed` is the plan's
 * schedules feature; after saving from a contact the user goes to /schedules.
 */
export function useScheduleDialog(): { allowed: boolean; open: (t: Target) => void; element: ReactNode } {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);
  return {
    allowed: planAllows(me, "useSchedules"),
    open: setTarget,
    element: target && (
      <ScheduleModal
        schedule={null}
        contact={target.contact}
        whatsappId={target.whatsappId}
        onClose={() => setTarget(null)}
        onSaved={() => target.fromContact && navigate("/schedules")}
      />
    ),
  };
}
