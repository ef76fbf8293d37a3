import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Tag as TagIcon } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { reasonsOf } from "../../../lib/server_errors.ts";
import { errorMessage } from "../../../lib/toast.ts";
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

export type TagPickerProps = {
  options: TagOption[];
  selected: number[];
  /** Adds or removes one tag; a rejection shows the server's reason in the picker. */
  onToggle: (tag: TagOption, on: boolean) => Promise<unknown> | void;
  /** Given when the user may create tags: offers 'Create tag "X"' for a name not in the list. */
  onCreate?: (name: string) => Promise<unknown> | void;
  testId: string;
};

/** Why the server refused: its reasons when it gave some, else the error code's line. */
const refusal = (err: unknown) => reasonsOf(err).map((r) => r.text).join("; ") || errorMessage(err);

/**
 * The searchable checklist of tags, with "create" for a typed name (at least 3 characters, spec 1
 * §5: 'Tag muito curta!'). The same panel sits in a popover (wide screens) or a dialog (a phone).
 */
export function TagPickerPanel({ options, selected, onToggle, onCreate, testId }: TagPickerProps) {
  const { t } = useTranslation("tags");
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const q = search.trim().toLowerCase();
  const shown = options.filter((o) => o.name.toLowerCase().includes(q));
  const exact = options.some((o) => o.name.toLowerCase() === q);
  const attempt = async (fn: () => Promise<unknown> | void, after?: () => void) => {
    setBusy(true);
    try {
      await fn();
      setError(null);
      after?.();
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const create = () => {
    if (!onCreate || busy) return;
    const name = search.trim();
    if (name.length < 3) return setError(t("picker.tooShort"));
    attempt(() => onCreate(name), () => setSearch(""));
  };
  return (
    <div className="flex flex-col" data-testid={`${testId}-panel`}>
      <Input
        value={search}
        autoFocus
        placeholder={onCreate ? t("picker.searchOrCreate") : t("picker.search")}
        aria-label={t("picker.search")}
        data-testid={`${testId}-search`}
        onChange={(e) => (setSearch(e.target.value), setError(null))}
        onKeyDown={(e) => {
          if (e.key === "Enter" && onCreate && q && !exact) {
            e.preventDefault();
            create();
          }
        }}
      />
      {error && (
        <p className="px-1 pt-1 text-xs text-danger" role="alert" data-testid={`${testId}-error`}>{error}</p>
      )}
      <ul className="mt-2 flex max-h-56 flex-col gap-0.5 overflow-y-auto">
        {shown.map((o) => (
          <li key={o.id}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm text-ink hover:bg-surface-2">
              <Checkbox
                checked={selected.includes(o.id)}
                disabled={busy}
                data-testid={`${testId}-option-${o.id}`}
                onCheckedChange={(c) => attempt(() => onToggle(o, c === true))}
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
          loading={busy}
          onClick={create}
        >
          <Plus className="size-3.5" />
          <span className="truncate">{t("picker.create", { name: search.trim() })}</span>
        </Button>
      )}
    </div>
  );
}

/** The panel in a popover, behind a tag icon (a header) or a labelled button (a drawer box). */
export function TagPicker(
  { label, trigger, ...panel }: TagPickerProps & { label: string; trigger?: "icon" | "button" },
) {
  return (
    <Popover>
      {trigger === "button"
        ? (
          <PopoverTrigger asChild>
            <Button variant="secondary" size="sm" data-testid={panel.testId}>
              <TagIcon className="size-3.5" />
              {label}
            </Button>
          </PopoverTrigger>
        )
        : (
          <Tooltip content={label}>
            <PopoverTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={label} data-testid={panel.testId}>
                <TagIcon className="size-4" />
              </Button>
            </PopoverTrigger>
          </Tooltip>
        )}
      <PopoverContent className="w-72 p-2" data-testid={`${panel.testId}-popover`}>
        <TagPickerPanel {...panel} />
      </PopoverContent>
    </Popover>
  );
}
