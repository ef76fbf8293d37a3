import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { useTagList } from "../api/pickers.ts";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type Tag, useSaveTag } from "../api/tags.ts";

const PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#4b5563"];
const randomColor = () => PALETTE[Math.floor(Math.random() * PALETTE.length)];

const laneSelect =
  "h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-ink focus:border-primary focus:outline-none";

/**
 * Name (at least 3 characters) and colour of a tag. A kanban lane (`kanban`) also has its timer
 * (after `timeLane` hours → `nextLaneId`, greeting `greetingMessageLane`) and `rollbackLaneId`.
 */
export function TagModal(
  { tag, onClose, kanban = false }: { tag: Tag | null; onClose: () => void; kanban?: boolean },
) {
  const { t } = useTranslation("tags");
  const save = useSaveTag();
  const lanes = useTagList(1, kanban);
  const others = (lanes.data ?? []).filter((l) => l.id !== tag?.id);
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState(tag?.color ?? randomColor);
  const [timeLane, setTimeLane] = useState(String(tag?.timeLane ?? 0));
  const [nextLaneId, setNextLaneId] = useState(tag?.nextLaneId ? String(tag.nextLaneId) : "");
  const [rollbackLaneId, setRollbackLaneId] = useState(tag?.rollbackLaneId ? String(tag.rollbackLaneId) : "");
  const [greeting, setGreeting] = useState(tag?.greetingMessageLane ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const n = name.trim();
    if (!n) return setError(t("validation.required"));
    if (n.length < 3) return setError(t("validation.tooShort"));
    try {
      const lane = kanban
        ? {
          kanban: 1 as const,
          timeLane: Math.max(0, Math.floor(Number(timeLane) || 0)),
          nextLaneId: nextLaneId ? Number(nextLaneId) : null,
          rollbackLaneId: rollbackLaneId ? Number(rollbackLaneId) : null,
          greetingMessageLane: greeting.trim() || null,
        }
        : {};
      await save.mutateAsync({ id: tag?.id, input: { name: n, color, ...lane } });
      toastSuccess(t("toasts.saved"));
      onClose();
    } catch (err) {
      // A name in use (or too long) is said under the name; anything else in a toast.
      const byField = fieldErrorsOf(err);
      if (byField.name) setError(byField.name);
      else toastError(err);
    }
  };
  return (
    <FormDialog
      title={kanban
        ? (tag ? t("lanes.editTitle") : t("lanes.addTitle"))
        : (tag ? t("modal.editTitle") : t("modal.addTitle"))}
      onClose={onClose}
      formId="tag-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="tag-save"
    >
      <Field label={t("fields.name")} htmlFor="tag-name" error={error}>
        <Input
          id="tag-name"
          value={name}
          onChange={(e) => (setName(e.target.value), setError(null))}
          aria-invalid={!!error}
          autoFocus
        />
      </Field>
      <Field label={t("fields.color")} htmlFor="tag-color">
        <div className="flex flex-wrap items-center gap-2">
          {PALETTE.map((c) => (
            <button
              key={c}
              type="button"
              aria-label={c}
              onClick={() => setColor(c)}
              className="size-7 cursor-pointer rounded-full ring-offset-2 ring-offset-surface"
              style={{
                backgroundColor: c,
                boxShadow: color === c ? `0 0 0 2px var(--surface), 0 0 0 4px ${c}` : undefined,
              }}
            />
          ))}
          <input
            id="tag-color"
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className="size-8 cursor-pointer rounded border border-line bg-transparent"
          />
        </div>
      </Field>
      {kanban && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("lanes.timeLane")} htmlFor="lane-time" hint={t("lanes.timeLaneHint")}>
              <Input
                id="lane-time"
                type="number"
                min={0}
                value={timeLane}
                onChange={(e) => setTimeLane(e.target.value)}
                data-testid="lane-time"
              />
            </Field>
            <Field label={t("lanes.nextLane")} htmlFor="lane-next">
              <select
                id="lane-next"
                className={laneSelect}
                value={nextLaneId}
                onChange={(e) => setNextLaneId(e.target.value)}
                data-testid="lane-next"
              >
                <option value="">{t("lanes.none")}</option>
                {others.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
              </select>
            </Field>
          </div>
          <Field label={t("lanes.greeting")} htmlFor="lane-greeting" hint={t("lanes.greetingHint")}>
            <Textarea
              id="lane-greeting"
              rows={3}
              value={greeting}
              onChange={(e) => setGreeting(e.target.value)}
              data-testid="lane-greeting"
            />
          </Field>
          <Field label={t("lanes.rollbackLane")} htmlFor="lane-rollback" hint={t("lanes.rollbackHint")}>
            <select
              id="lane-rollback"
              className={laneSelect}
              value={rollbackLaneId}
              onChange={(e) => setRollbackLaneId(e.target.value)}
              data-testid="lane-rollback"
            >
              <option value="">{t("lanes.none")}</option>
              {others.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </select>
          </Field>
        </>
      )}
      <div className="flex items-center gap-2 text-sm text-ink-muted">
        {t("fields.preview")}
        <span
          className="rounded-md px-2 py-0.5 text-xs font-semibold text-white"
          style={{ backgroundColor: color }}
        >
          {name.trim() || t("fields.name")}
        </span>
      </div>
    </FormDialog>
  );
}
