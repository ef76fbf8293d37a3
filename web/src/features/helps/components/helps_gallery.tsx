import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleHelp, CirclePlay } from "lucide-react";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { type Help, useHelps, youtubeEmbed, youtubeThumb } from "../api/helps.ts";

/** /helps: a grid of video cards; a click opens the video in a modal (Escape closes it). */
export function HelpsGallery() {
  const { t } = useTranslation("workspace");
  const { data, isPending } = useHelps();
  const [playing, setPlaying] = useState<Help | null>(null);
  return (
    <div className="flex flex-col gap-6" data-testid="page-helps">
      <PageHeader title={t("helps.title")} description={t("helps.description")} />
      {isPending
        ? <PageSpinner />
        : !data?.length
        ? <EmptyState icon={<CircleHelp />} title={t("helps.empty")} description={t("helps.emptyHint")} />
        : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.map((h) => (
              <li key={h.id}>
                <button
                  type="button"
                  onClick={() => setPlaying(h)}
                  data-testid={`help-card-${h.id}`}
                  className="group flex h-full w-full cursor-pointer flex-col overflow-hidden rounded-xl border border-line bg-surface text-left shadow-xs transition hover:shadow-md"
                >
                  <span className="relative block aspect-video w-full bg-surface-2">
                    {h.video && (
                      <img
                        src={youtubeThumb(h.video)}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                        onError={(e) => (e.currentTarget.style.visibility = "hidden")}
                      />
                    )}
                    <CirclePlay className="absolute top-1/2 left-1/2 size-12 -translate-1/2 text-white drop-shadow-lg transition group-hover:scale-110" />
                  </span>
                  <span className="flex flex-col gap-1 p-4">
                    <span className="font-semibold text-ink">{h.title}</span>
                    {h.description && (
                      <span className="line-clamp-3 text-sm text-ink-muted">{h.description}</span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      {playing && (
        <Dialog
          open
          onOpenChange={(o) => !o && setPlaying(null)}
          title={playing.title}
          className="max-w-3xl"
        >
          <div className="flex flex-col gap-3" data-testid="help-video">
            {playing.video && (
              <iframe
                src={youtubeEmbed(playing.video)}
                title={playing.title}
                className="aspect-video w-full rounded-lg"
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            )}
            {playing.description && <p className="text-sm text-ink-muted">{playing.description}</p>}
          </div>
        </Dialog>
      )}
    </div>
  );
}
