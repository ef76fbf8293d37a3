import { useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { CheckList, type Option } from "../../../components/ui/multi_select.tsx";
import { cn } from "../../../lib/utils.ts";

/** A labelled button that opens a checkbox list; shows how many are chosen. */
export function MultiPick<T extends number | string>(
  { label, options, value, onChange, testId }: {
    label: string;
    options: Option[];
    value: T[];
    onChange: (v: T[]) => void;
    testId?: string;
  },
) {
  const { t } = useTranslation("dashboard");
  const chosen = options.filter((o) => value.includes(o.value as T));
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="secondary"
          className={cn("w-full justify-between font-normal", value.length && "border-primary/60")}
          data-testid={testId}
        >
          <span className="truncate">
            <span className="text-ink-muted">{label}</span>
            {chosen.length > 0 && (
              <span className="ml-1.5 text-ink">
                {chosen.length === 1 ? chosen[0].label : t("reports.chosen", { count: chosen.length })}
              </span>
            )}
          </span>
          <ChevronDown className="size-4 shrink-0 text-ink-subtle" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-2" data-testid={testId && `${testId}-list`}>
        <CheckList options={options} value={value} onChange={onChange} empty={t("reports.noOptions")} />
      </PopoverContent>
    </Popover>
  );
}
