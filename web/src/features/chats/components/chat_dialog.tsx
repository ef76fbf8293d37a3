import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { api } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError } from "../../../lib/toast.ts";
import { CheckList } from "../../../components/ui/multi_select.tsx";
import { type Chat, useSaveChat } from "../api/chats.ts";

/** New/edit chat: a title and at least one colleague (save is disabled otherwise, spec 2 §5). */
export function ChatDialog(
  { chat, onClose, onSaved }: { chat: Chat | null; onClose: () => void; onSaved: (c: Chat) => void },
) {
  const { t } = useTranslation("workspace");
  const me = useCurrentUser();
  const save = useSaveChat();
  const colleagues = useQuery({
    queryKey: ["users", "all"],
    queryFn: () => api.get<{ id: number; name: string }[]>("/users/list"),
    staleTime: 60_000,
  });
  const [title, setTitle] = useState(chat?.title ?? "");
  const [users, setUsers] = useState<number[]>(
    chat?.users.map((u) => u.userId).filter((id) => id !== me.id) ?? [],
  );
  const [search, setSearch] = useState("");
  const valid = title.trim().length > 0 && users.length > 0;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid) return;
    try {
      const saved = await save.mutateAsync({
        id: chat?.id,
        input: { title: title.trim(), users: users.map((id) => ({ id })) },
      });
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };
  const options = (colleagues.data ?? [])
    .filter((u) => u.id !== me.id && u.name.toLowerCase().includes(search.trim().toLowerCase()))
    .map((u) => ({ value: u.id, label: u.name }));
  return (
    <FormDialog
      title={chat ? t("chats.editTitle") : t("chats.newTitle")}
      onClose={onClose}
      formId="chat-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="chat-save"
    >
      <Field label={t("chats.titleField")} htmlFor="chat-title">
        <Input id="chat-title" value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
      </Field>
      <Field label={t("chats.members")} htmlFor="chat-user-search" hint={t("chats.membersHint")}>
        <Input
          id="chat-user-search"
          value={search}
          placeholder={t("chats.searchUsers")}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      <CheckList
        options={options}
        value={users}
        onChange={(v) => setUsers(v as number[])}
        empty={t("chats.noUsers")}
        testId="chat-users"
      />
    </FormDialog>
  );
}
