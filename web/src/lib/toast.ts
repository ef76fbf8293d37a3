import { toast } from "sonner";
import { ApiError } from "./api.ts";
import { describeError } from "./server_errors.ts";

export const TOAST_DURATION = 3000;
/** A hint the screen itself raises (nothing selected…) goes by itself; a refused request does not. */
export const ERROR_TOAST_DURATION = 2000;

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

/**
 * A refused request (an ApiError) stays until the user acts, with a close button; a hint the screen
 * raises itself (a string) goes after two seconds.
 */
export function toastError(err: unknown, options?: { fallbackKey?: string; id?: string }): void {
  const message = errorMessage(err, options?.fallbackKey);
  if (!(err instanceof ApiError)) {
    toast.error(message, { duration: ERROR_TOAST_DURATION, id: options?.id });
    return;
  }
  const id = toast.error(message, { duration: Infinity, closeButton: true, id: options?.id });
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
