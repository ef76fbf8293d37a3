import { toast } from "sonner";
import i18n from "./i18n.ts";
import { ApiError } from "./api.ts";

export const TOAST_DURATION = 3000;
export const ERROR_TOAST_DURATION = 2000;

/** The one place server error codes become text: translation, else the raw code, else a generic line. */
export function errorMessage(err: unknown, fallbackKey = "errors:generic"): string {
  if (err instanceof ApiError) {
    const key = `errors:${err.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (err.code.startsWith("HTTP_") || err.code === "ERR_NETWORK") return i18n.t(fallbackKey);
    return err.code;
  }
  if (typeof err === "string" && err) return err;
  return i18n.t(fallbackKey);
}

export function toastError(err: unknown, options?: { fallbackKey?: string; id?: string }): void {
  toast.error(errorMessage(err, options?.fallbackKey), { duration: ERROR_TOAST_DURATION, id: options?.id });
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
