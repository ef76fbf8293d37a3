import { Toaster as Sonner } from "sonner";
import { useTheme } from "../../lib/theme.tsx";
import { TOAST_DURATION } from "../../lib/toast.ts";

/** Toasts top-centre, 3000 ms (errors pass 2000 ms themselves). */
export function Toaster() {
  const { mode } = useTheme();
  return <Sonner position="top-center" duration={TOAST_DURATION} theme={mode} richColors closeButton />;
}
