import type { ReactNode } from "react";
import { Checkbox } from "./checkbox.tsx";

export type Option = { value: number | string; label: string; color?: string };

/** A checkbox list used by the filters and the queue selector. */
export function CheckList<T extends number | string>(
  { options, value, onChange, empty, testId }: {
    options: Option[];
    value: T[];
    onChange: (v: T[]) => void;
    empty?: ReactNode;
    testId?: string;
  },
) {
  if (!options.length) return <p className="px-1 py-2 text-xs text-ink-subtle">{empty}</p>;
  return (
    <ul className="flex max-h-44 flex-col gap-0.5 overflow-y-auto" data-testid={testId}>
      {options.map((o) => {
        const checked = value.includes(o.value as T);
        return (
          <li key={o.value}>
            <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm text-ink hover:bg-surface-2">
              <Checkbox
                checked={checked}
                onCheckedChange={(c) =>
                  onChange(c ? [...value, o.value as T] : value.filter((v) => v !== o.value))}
              />
              {o.color && <span className="size-2.5 rounded-full" style={{ backgroundColor: o.color }} />}
              <span className="truncate">{o.label}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
