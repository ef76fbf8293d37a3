import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Search } from "lucide-react";
import { Avatar } from "../../../../components/ui/avatar.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { useDebouncedValue } from "../../../../lib/use_debounce.ts";
import { cn } from "../../../../lib/utils.ts";

export type Person = { id: number; name: string; sub?: string; picture?: string | null };

/** A search box (from 3 characters) over people with a selectable result list. */
export function PersonPicker(
  { id, selected, onSelect, useResults, placeholder, testId }: {
    id: string;
    selected: Person | null;
    onSelect: (p: Person | null) => void;
    useResults: (search: string, enabled: boolean) => { data: Person[]; loading: boolean };
    placeholder: string;
    testId: string;
  },
) {
  const { t } = useTranslation("tickets");
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), 300);
  const enabled = search.length >= 3;
  const { data, loading } = useResults(search, enabled);
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
        <Input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
          data-testid={testId}
        />
      </div>
      {text.trim().length > 0 && text.trim().length < 3 && (
        <p className="text-xs text-ink-subtle">{t("validation.typeThree")}</p>
      )}
      {enabled && (
        <ul
          className="max-h-48 overflow-y-auto rounded-lg border border-line"
          data-testid={`${testId}-results`}
        >
          {loading && (
            <li className="flex justify-center py-3 text-ink-subtle">
              <Spinner className="size-4" />
            </li>
          )}
          {!loading && data.length === 0 && (
            <li className="px-3 py-3 text-sm text-ink-subtle">{t("validation.noResults")}</li>
          )}
          {data.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => onSelect(selected?.id === p.id ? null : p)}
                className={cn(
                  "flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left hover:bg-surface-2",
                  selected?.id === p.id && "bg-primary-soft",
                )}
              >
                <Avatar name={p.name} src={p.picture} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                  {p.sub && <span className="block truncate text-xs text-ink-muted">{p.sub}</span>}
                </span>
                {selected?.id === p.id && <Check className="size-4 text-primary-strong" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
