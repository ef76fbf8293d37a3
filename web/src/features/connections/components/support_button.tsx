/**
 * "Call support" on the Connections page (spec 2 §2): opens a WhatsApp chat with the platform
 * operator's support number (the public setting `supportPhone`, set in the operator's settings),
 * as the reference client opens wa.me with its support number. Without a number there is no one to
 * call, so the button is not shown.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Headset } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { api } from "../../../lib/api.ts";

/** The wa.me link of a phone number as the operator typed it (digits only), or null. */
export function supportLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}

export function SupportButton() {
  const { t } = useTranslation("connections");
  const q = useQuery({
    queryKey: ["public-settings", "supportPhone"],
    queryFn: () =>
      api.get<{ key: string; value: string | null }>("/public-settings/supportPhone", undefined, {
        anonymous: true,
      }),
    staleTime: 60_000,
  });
  const href = supportLink(q.data?.value);
  if (!href) return null;
  return (
    <Button variant="secondary" asChild>
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid="conn-support">
        <Headset className="size-4" />
        {t("actions.support")}
      </a>
    </Button>
  );
}
