import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Tag as TagIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import type { TagOption } from "../api/pickers.ts";

/** A tag in its colour. */
export function TagChip({ name, color, testId }: { name: string; color: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className="inline-flex max-w-40 items-center truncate rounded-md px-2 py-0.5 text-[11px] font-semibold text-white"
      style={{ backgroundColor: color }}
    >
      {name}
    </span>
  );
}

/**
 * A searchable checklist of tags in a popover. `onCreate` (contacts) offers a new tag from the
 * typed text (at least 3 characters, spec 1 §5: 'Tag muito curta!').
 */
export function TagPicker(
  { options, selected, onToggle, onCreate, label, testId, trigger }: {
    options: TagOption[];
    selected: number[];
    onToggle: (tag: TagOption, on: boolean) => void;
    onCreate?: (name: string) => void;
    label: string;
    testId: string;
    trigger?: "icon" | "button";
  },
) {
  const { t } = useTranslation("tags");
  const [search, setSearch] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const q = search.trim().toLowerCase();
  const shown = options.filter((o) => o.name.toLowerCase().includes(q));
  const exact = options.some((o) => o.name.toLowerCase() === q);
  const create = () => {
    if (!onCreate) return;
    if (search.trim().length < 3) return setTooShort(true);
    onCreate(search.trim());
    setSearch("");
  };
  return (
    <Popover onOpenChange={() => (setSearch(""), setTooShort(false))}>
      {trigger === "button"
        ? (
          <PopoverTrigger asChild>
            <Button variant="secondary" size="sm" data-testid={testId}>
              <TagIcon className="size-3.5" />
              {label}
            </Button>
          </PopoverTrigger>
        )
        : (
          <Tooltip content={label}>
            <PopoverTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={label} data-testid={testId}>
                <TagIcon className="size-4" />
              </Button>
            </PopoverTrigger>
          </Tooltip>
        )}
      <PopoverContent className="w-72 p-2" data-testid={`${testId}-popover`}>
        <Input
          value={search}
          autoFocus
          placeholder={onCreate ? t("picker.searchOrCreate") : t("picker.search")}
          aria-label={t("picker.search")}
          data-testid={`${testId}-search`}
          onChange={(e) => (setSearch(e.target.value), setTooShort(false))}
          onKeyDown={(e) => {
            if (e.key === "Enter" && onCreate && q && !exact) {
              e.preventDefault();
              create();
            }
          }}
        />
        {tooShort && <p className="px-1 pt-1 text-xs text-danger" role="alert">{t("picker.tooShort")}</p>}
        <ul className="mt-2 flex max-h-56 flex-col gap-0.5 overflow-y-auto">
          {shown.map((o) => (
            <li key={o.id}>
              <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm text-ink hover:bg-surface-2">
                <Checkbox
                  checked={selected.includes(o.id)}
                  data-testid={`${testId}-option-${o.id}`}
                  onCheckedChange={(c) => onToggle(o, c === true)}
                />
                <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: o.color }} />
                <span className="truncate">{o.name}</span>
              </label>
            </li>
          ))}
          {!shown.length && !(onCreate && q) && (
            <li className="px-1.5 py-2 text-xs text-ink-subtle">{t("picker.none")}</li>
          )}
        </ul>
        {onCreate && q && !exact && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 w-full justify-start"
            data-testid={`${testId}-create`}
            onClick={create}
          >
            <Plus className="size-3.5" />
            {t("picker.create", { name: search.trim() })}
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}
