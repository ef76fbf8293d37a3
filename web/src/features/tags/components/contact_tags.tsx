/** The contact's tags (they follow the person across tickets), named apart from the ticket's own. */
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { syncContactTags, useTagList } from "../api/pickers.ts";
import { TagChip, TagPicker } from "./tag_picker.tsx";

type TagRef = { id: number; name: string; color: string };

/** The drawer's "Contact tags" box: the contact's whole set, replaced by POST /tags/sync. */
export function ContactTagsBox({ contactId, tags }: { contactId: number; tags: TagRef[] }) {
  const { t } = useTranslation("tags");
  const qc = useQueryClient();
  const options = useTagList(0);
  const save = async (next: ({ id: number } | { name: string })[]) => {
    await syncContactTags(contactId, next);
    qc.invalidateQueries({ queryKey: ["tickets"] });
    qc.invalidateQueries({ queryKey: ["tags"] });
  };
  const ids = tags.map((x) => ({ id: x.id }));
  return (
    <div className="flex flex-col gap-2" data-testid="contact-tags">
      <div className="flex flex-wrap gap-1.5">
        {tags.map((tag) => (
          <TagChip key={tag.id} name={tag.name} color={tag.color} testId={`contact-tag-${tag.id}`} />
        ))}
        {!tags.length && <p className="text-xs text-ink-subtle">{t("picker.noContactTags")}</p>}
      </div>
      <div>
        <TagPicker
          trigger="button"
          options={options.data ?? []}
          selected={tags.map((x) => x.id)}
          onToggle={(tag, on) => save(on ? [...ids, { id: tag.id }] : ids.filter((x) => x.id !== tag.id))}
          onCreate={(name) => save([...ids, { name }])}
          label={t("picker.editContactTags")}
          testId="contact-tags-picker"
        />
      </div>
    </div>
  );
}
