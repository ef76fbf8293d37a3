import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../lib/query_client.ts";
import { ThemeProvider } from "../lib/theme.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { OfflineBanner } from "../features/pwa/index.ts";
import { TooltipProvider } from "../components/ui/tooltip.tsx";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          {children}
          <Toaster />
          <OfflineBanner />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
