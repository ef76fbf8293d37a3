/**
 * "Leave without saving?": while `when` holds, a navigation inside the app (a link, the back
 * arrow, the browser's back button) waits for the user's answer instead of dropping the edit, and
 * closing or reloading the tab asks the browser's own question.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm_dialog.tsx";

export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    when && currentLocation.pathname !== nextLocation.pathname
  );
  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    globalThis.addEventListener("beforeunload", ask);
    return () => globalThis.removeEventListener("beforeunload", ask);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t("leaveGuard.title")}
      description={t("leaveGuard.description")}
      confirmLabel={t("leaveGuard.leave")}
      cancelLabel={t("leaveGuard.stay")}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
