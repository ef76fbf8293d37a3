import { createContext, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";
import { Handle, type NodeProps, Position } from "@xyflow/react";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowRightLeft,
  Bot,
  Clock,
  Copy,
  FileStack,
  GitFork,
  Image,
  ListOrdered,
  MessageCircleQuestion,
  MessageSquare,
  Mic,
  Play,
  Shuffle,
  Sparkles,
  Trash2,
  Video,
} from "lucide-react";
import { cn } from "../../../lib/utils.ts";
import { exitsOf, menuOptions, type NodeData, type NodeType } from "./graph.ts";
import { flowMediaUrl } from "../api/flows.ts";

/**
 * A preview of an image or audio node's file through GET /flowbuilder/media (a signed URL valid for
 * hours; refetched after one). `nodrag nopan` lets the audio controls take clicks on the canvas.
 */
function MediaPreview({ kind, path, name }: { kind: "img" | "audio"; path: string; name: string }) {
  const url = useQuery({
    queryKey: ["flowMedia", path],
    queryFn: () => flowMediaUrl(path),
    enabled: !!path,
    staleTime: 3600_000,
  }).data;
  if (!url) return null;
  return kind === "img"
    ? (
      <img
        src={url}
        alt={name}
        data-testid="flow-media-preview-img"
        className="mb-1 max-h-28 w-full rounded-md border border-line bg-muted object-contain"
      />
    )
    : (
      <audio
        src={url}
        controls
        preload="metadata"
        data-testid="flow-media-preview-audio"
        className="nodrag nopan mb-1 h-8 w-full"
      />
    );
}

export const NODE_ICONS: Record<NodeType, ReactNode> = {
  start: <Play />,
  message: <MessageSquare />,
  menu: <ListOrdered />,
  question: <MessageCircleQuestion />,
  interval: <Clock />,
  randomizer: <Shuffle />,
  condition: <GitFork />,
  img: <Image />,
  audio: <Mic />,
  video: <Video />,
  singleBlock: <FileStack />,
  ticket: <ArrowRightLeft />,
  typebot: <Bot />,
  openai: <Sparkles />,
};

const ACCENT: Record<NodeType, string> = {
  start: "bg-emerald-600",
  message: "bg-sky-600",
  menu: "bg-indigo-600",
  question: "bg-violet-600",
  interval: "bg-amber-600",
  randomizer: "bg-pink-600",
  condition: "bg-orange-600",
  img: "bg-teal-600",
  audio: "bg-teal-600",
  video: "bg-teal-600",
  singleBlock: "bg-cyan-700",
  ticket: "bg-slate-600",
  typebot: "bg-fuchsia-700",
  openai: "bg-neutral-800",
};

/** What the nodes ask of the editor (duplicate and delete icons on each node). */
export const NodeActions = createContext<{ duplicate(id: string): void; remove(id: string): void }>({
  duplicate: () => {},
  remove: () => {},
});

const short = (s: unknown, n = 90) => {
  const v = String(s ?? "").trim();
  return v.length > n ? `${v.slice(0, n)}…` : v;
};

function Summary({ type, data }: { type: NodeType; data: NodeData }) {
  const { t } = useTranslation("flows");
  switch (type) {
    case "start":
      return <p>{t("nodes.startHint")}</p>;
    case "message":
      return <p className="whitespace-pre-wrap">{short(data.label)}</p>;
    case "menu":
      return <p className="whitespace-pre-wrap">{short(data.message)}</p>;
    case "question":
      return (
        <p>
          {short(data.typebotIntegration?.message)}{" "}
          <span className="font-mono text-primary">{`{{${data.typebotIntegration?.answerKey ?? ""}}}`}</span>
        </p>
      );
    case "interval":
      return <p>{t("nodes.seconds", { count: Number(data.sec) || 0 })}</p>;
    case "randomizer":
      return <p>{`A ${data.percent}% · B ${100 - Number(data.percent)}%`}</p>;
    case "condition":
      return (
        <p>
          <span className="font-mono">{`{{${data.key}}}`}</span> {t(`conditions.${data.condition}`)}{" "}
          {data.condition !== "exists" && <b>{short(data.value, 30)}</b>}
        </p>
      );
    case "img":
    case "audio": {
      const name = String(data.original || String(data.url ?? "").split("/").pop());
      return (
        <>
          <MediaPreview kind={type} path={String(data.url ?? "")} name={name} />
          <p className="truncate">{name}</p>
        </>
      );
    }
    case "video":
      return <p className="truncate">{data.original || String(data.url ?? "").split("/").pop()}</p>;
    case "singleBlock":
      return <p>{t("nodes.elements", { count: (data.seq ?? []).length })}</p>;
    case "ticket":
      return <p>{data.name}</p>;
    case "typebot":
    case "openai":
      return <p>{data.name}</p>;
  }
}

/** One node on the canvas: header with icon and actions, a summary, its entry and exits. */
export function FlowNodeView({ id, type, data, selected }: NodeProps) {
  const { t } = useTranslation("flows");
  const actions = useContext(NodeActions);
  const nt = type as NodeType;
  const d = data as NodeData;
  const exits = exitsOf(nt, d);
  const labelOf = (h: string) =>
    nt === "menu"
      ? `${h.slice(1)}. ${menuOptions(d).find((o) => `a${o.number}` === h)?.value ?? ""}`
      : nt === "condition"
      ? (h === "a" ? t("nodes.true") : t("nodes.false"))
      : h.toUpperCase();
  return (
    <div
      data-testid={`flow-node-${nt}`}
      className={cn(
        "w-56 rounded-xl border bg-surface text-xs text-ink shadow-sm",
        selected ? "border-primary ring-2 ring-primary/30" : "border-line",
      )}
    >
      {nt !== "start" && <Handle type="target" position={Position.Left} className="!size-3 !bg-ink-subtle" />}
      <div className={cn("flex items-center gap-2 rounded-t-xl px-2.5 py-1.5 text-white", ACCENT[nt])}>
        <span className="[&>svg]:size-3.5">{NODE_ICONS[nt]}</span>
        <span className="flex-1 truncate font-semibold">{t(`types.${nt}`)}</span>
        <button
          type="button"
          aria-label={t("editor.duplicate")}
          title={t("editor.duplicate")}
          className="nodrag cursor-pointer rounded p-0.5 hover:bg-white/20"
          onClick={() => actions.duplicate(id)}
        >
          <Copy className="size-3.5" />
        </button>
        <button
          type="button"
          aria-label={t("editor.delete")}
          title={t("editor.delete")}
          className="nodrag cursor-pointer rounded p-0.5 hover:bg-white/20"
          onClick={() => actions.remove(id)}
        >
          <Trash2 className="size-3.5" />
        </button>
      </div>
      <div className="px-2.5 py-2 text-ink-muted">
        <Summary type={nt} data={d} />
      </div>
      {exits.length > 0 && exits[0] !== null && (
        <ul className="border-t border-line">
          {exits.map((h) => (
            <li key={h} className="relative px-2.5 py-1 pr-4 text-right text-[11px] text-ink-muted">
              <span className="truncate">{labelOf(h!)}</span>
              <Handle
                type="source"
                id={h!}
                position={Position.Right}
                className="!size-3 !bg-primary"
                data-testid={`handle-${h}`}
              />
            </li>
          ))}
        </ul>
      )}
      {exits.length === 1 && exits[0] === null && (
        <Handle type="source" position={Position.Right} className="!size-3 !bg-primary" />
      )}
    </div>
  );
}
