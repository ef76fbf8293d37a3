import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ListTodo, Pencil, Plus, Trash2, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { api } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast.ts";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import { cn } from "../../../lib/utils.ts";
import { fullDateTime } from "../../../lib/format.ts";

type Todo = { id: number; text: string; done: boolean; createdAt: string; updatedAt: string };
const KEY = ["todos"] as const;

/** /todolist: the user's own tasks, kept on the server (they follow the user across browsers). */
export function TodoScreen() {
  const { t } = useTranslation("workspace");
  const qc = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api.get<Todo[]>("/todos") });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const onError = (err: unknown) => toastError(err);
  const add = useMutation({
    mutationFn: (text: string) => api.post<Todo>("/todos", { text }),
    onSuccess: refresh,
    onError,
  });
  const update = useMutation({
    mutationFn: ({ id, ...p }: { id: number; text?: string; done?: boolean }) =>
      api.put<Todo>(`/todos/${id}`, p),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/todos/${id}`),
    onSuccess: refresh,
    onError,
  });
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!v) return; // Blank text is ignored.
    // mutate, not mutateAsync: a refusal is shown (onError, addError), never thrown uncaught.
    add.mutate(v, { onSuccess: () => setText("") });
  };
  const saveEdit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing?.text.trim()) return;
    update.mutate({ id: editing.id, text: editing.text.trim() }, { onSuccess: () => setEditing(null) });
  };
  const addError = fieldErrorsOf(add.error).text;
  const editError = fieldErrorsOf(update.error).text;
  const todos = list.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="page-todolist">
      <PageHeader title={t("todo.title")} description={t("todo.description")} />
      <form onSubmit={submit} className="flex flex-col gap-1.5">
        <div className="flex gap-2">
          <Input
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (add.error) add.reset();
            }}
            placeholder={t("todo.placeholder")}
            aria-label={t("todo.placeholder")}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? "todo-input-error" : undefined}
            data-testid="todo-input"
          />
          <Button type="submit" loading={add.isPending} data-testid="todo-add">
            <Plus className="size-4" />
            {t("todo.add")}
          </Button>
        </div>
        {addError && (
          <p
            role="alert"
            id="todo-input-error"
            className="text-xs font-medium text-danger"
            data-testid="todo-input-error"
          >
            {addError}
          </p>
        )}
      </form>
      <Card className="overflow-hidden">
        {list.isPending ? <PageSpinner /> : !todos.length
          ? (
            <EmptyState
              icon={<ListTodo />}
              title={t("todo.empty")}
              description={t("todo.emptyHint")}
              className="py-12"
            />
          )
          : (
            <ul className="divide-y divide-line" data-testid="todo-list">
              {todos.map((todo) => (
                <li
                  key={todo.id}
                  className="flex items-center gap-3 px-4 py-3"
                  data-testid={`todo-${todo.id}`}
                >
                  <Checkbox
                    checked={todo.done}
                    aria-label={t("todo.done")}
                    onCheckedChange={(c) => update.mutate({ id: todo.id, done: c === true })}
                    data-testid={`todo-done-${todo.id}`}
                  />
                  {editing?.id === todo.id
                    ? (
                      <form onSubmit={saveEdit} className="flex min-w-0 flex-1 flex-wrap gap-2">
                        <Input
                          autoFocus
                          value={editing.text}
                          aria-label={t("todo.edit")}
                          onChange={(e) => setEditing({ id: todo.id, text: e.target.value })}
                          data-testid="todo-edit-input"
                        />
                        <Button
                          type="submit"
                          size="icon-sm"
                          aria-label={t("todo.save")}
                          data-testid="todo-save"
                        >
                          <Check className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={t("todo.cancel")}
                          onClick={() => setEditing(null)}
                        >
                          <X className="size-4" />
                        </Button>
                        {editError && (
                          <p
                            role="alert"
                            className="w-full text-xs font-medium text-danger"
                            data-testid="todo-edit-error"
                          >
                            {editError}
                          </p>
                        )}
                      </form>
                    )
                    : (
                      <>
                        <div className="min-w-0 flex-1">
                          <p
                            className={cn(
                              "text-sm break-words text-ink",
                              todo.done && "text-ink-subtle line-through",
                            )}
                          >
                            {todo.text}
                          </p>
                          <p className="text-[11px] text-ink-subtle tabular-nums">
                            {fullDateTime(todo.updatedAt)}
                          </p>
                        </div>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={t("todo.edit")}
                          onClick={() => setEditing({ id: todo.id, text: todo.text })}
                          data-testid={`todo-edit-${todo.id}`}
                        >
                          <Pencil className="size-4" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="text-danger"
                          aria-label={t("todo.delete")}
                          onClick={() => remove.mutate(todo.id)}
                          data-testid={`todo-delete-${todo.id}`}
                        >
                          <Trash2 className="size-4" />
                        </Button>
                      </>
                    )}
                </li>
              ))}
            </ul>
          )}
      </Card>
    </div>
  );
}
