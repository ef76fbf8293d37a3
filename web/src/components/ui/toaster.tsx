import { Toaster as Sonner } from "sonner";
import { useTheme } from "../../lib/theme.tsx";
import { TOAST_DURATION } from "../../lib/toast.ts";

/**
 * Toasts top-centre, 3000 ms (errors pass 2000 ms themselves), below the 64 px top bar so they
 * never cover its bell, menus or the conversation header's actions.
 */
export function Toaster() {
  const { mode } = useTheme();
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION}
      theme={mode}
      richColors
      closeButton
      offset={{ top: 76 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
    />
  );
}
