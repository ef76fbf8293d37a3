import { toast } from "sonner";
import { describeError } from "./server_errors.ts";

export const TOAST_DURATION = 3000;

/** The one place server error codes become text: the code's line and the server's reasons. */
export function errorMessage(err: unknown, fallbackKey = "errors:generic"): string {
  return describeError(err, fallbackKey);
}

/**
 * An error stays until the user acts: closes it, clicks or types anywhere else. It does not vanish
 * after two seconds while the user is still reading why the server said no.
 */
function keepUntilTheUserActs(id: string | number) {
  const act = (e: Event) => {
    if (e.target instanceof Element && e.target.closest("[data-sonner-toaster]")) return;
    toast.dismiss(id);
    stop();
  };
  const stop = () => {
    document.removeEventListener("pointerdown", act, true);
    document.removeEventListener("keydown", act, true);
  };
  document.addEventListener("pointerdown", act, true);
  document.addEventListener("keydown", act, true);
}

export function toastError(err: unknown, options?: { fallbackKey?: string; id?: string }): void {
  const id = toast.error(errorMessage(err, options?.fallbackKey), {
    duration: Infinity,
    closeButton: true,
    id: options?.id,
  });
  keepUntilTheUserActs(id);
}

export function toastSuccess(message: string): void {
  toast.success(message, { duration: TOAST_DURATION });
}

export function toastInfo(message: string, id?: string): void {
  toast(message, { duration: TOAST_DURATION, id });
}

export function toastWarning(message: string, id?: string): void {
  toast.warning(message, { duration: TOAST_DURATION, id });
}
