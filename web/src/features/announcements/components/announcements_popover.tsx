import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Megaphone } from "lucide-react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { HeaderPopover } from "../../../components/layout/header_popover.tsx";
import { fullDateTime } from "../../../lib/format.ts";
import { type Announcement, PRIORITY_COLORS, useLiveAnnouncements } from "../api/announcements.ts";

const seenKey = (userId: number) => `atende.announcements.seen.${userId}`;

/**
 * The top bar's announcements: the live list, most important first; the badge counts the ones
 * newer than the newest the user has already opened the dropdown on. A click shows the whole text.
 */
export function TopBarAnnouncements({ userId }: { userId: number }) {
  const { t } = useTranslation("shell");
  const { t: tw } = useTranslation("workspace");
  const { data = [] } = useLiveAnnouncements();
  const [seen, setSeen] = useState(() => Number(localStorage.getItem(seenKey(userId)) ?? 0));
  const [open, setOpen] = useState<Announcement | null>(null);
  const newest = data.reduce((m, a) => Math.max(m, a.id), 0);
  const unseen = data.filter((a) => a.id > seen).length;
  const markSeen = (isOpen: boolean) => {
    if (!isOpen || newest <= seen) return;
    localStorage.setItem(seenKey(userId), String(newest));
    setSeen(newest);
  };
  return (
    <>
      <HeaderPopover
        testId="announcements-button"
        icon={<Megaphone className="size-[18px]" />}
        label={t("topbar.announcements")}
        title={t("topbar.announcements")}
        emptyTitle={t("topbar.noAnnouncements")}
        emptyHint={t("topbar.noAnnouncementsHint")}
        count={unseen}
        onOpenChange={markSeen}
      >
        {data.length
          ? (
            <ul>
              {data.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    data-testid={`announcement-item-${a.id}`}
                    onClick={() => setOpen(a)}
                    className="flex w-full cursor-pointer gap-3 border-b border-line/60 px-4 py-2.5 text-left hover:bg-surface-2"
                  >
                    <span
                      className="mt-1.5 size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: PRIORITY_COLORS[a.priority] }}
                      aria-label={tw(`announcements.priority${a.priority}`)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-ink">{a.title}</span>
                      <span className="line-clamp-2 text-xs text-ink-muted">{a.text}</span>
                      <span className="text-[11px] text-ink-subtle tabular-nums">
                        {fullDateTime(a.createdAt)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
          : undefined}
      </HeaderPopover>
      {open && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)} title={open.title}>
          <div className="flex flex-col gap-3" data-testid="announcement-dialog">
            {open.mediaUrl && (
              <img
                src={open.mediaUrl}
                alt={open.mediaName ?? ""}
                className="max-h-72 rounded-lg object-contain"
              />
            )}
            <p className="text-sm whitespace-pre-wrap text-ink">{open.text}</p>
            <p className="text-xs text-ink-subtle">{fullDateTime(open.createdAt)}</p>
          </div>
        </Dialog>
      )}
    </>
  );
}
