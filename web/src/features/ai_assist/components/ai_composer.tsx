/**
 * The AI assistant in the composer: one button whose menu suggests replies, rewrites or translates
 * the composer's text, translates the customer's last message and summarises; results stream into
 * a panel above the text box. Nothing is ever sent from here: a draft goes into the composer to
 * edit. Hidden entirely when the company has no provider (or the user may not use it).
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, Languages, NotebookPen, Sparkles, Wand2, X } from "lucide-react";
import type { AiLang, RewriteStyle } from "@contract/ai_assist.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from "../../../components/ui/dropdown_menu.tsx";
import { errorMessage, toastError, toastSuccess } from "../../../lib/toast.ts";
import { type AiRequest, keepOriginal, streamAi, useAiStatus } from "../api/ai_assist.ts";

const STYLES: RewriteStyle[] = ["fix", "friendly", "formal", "shorter"];

/** The UI language as a translation target (pt when the language is none of the four). */
export function uiLang(lng: string | undefined): AiLang {
  const l = (lng ?? "pt").slice(0, 2);
  return (["pt", "es", "en", "tr"].includes(l) ? l : "pt") as AiLang;
}

type Run = {
  kind: AiRequest["kind"];
  drafts: string[];
  done: boolean;
  error: string | null;
  /** The composer's text a translated reply came from (kept as a note when used). */
  original?: string;
};

export function AiComposer(
  { ticketId, text, onUse }: { ticketId: number; text: string; onUse: (text: string) => void },
) {
  const { t, i18n } = useTranslation("aiAssist");
  const status = useAiStatus();
  const [run, setRun] = useState<Run | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (!status.data?.available) return null;
  const lang = uiLang(i18n.resolvedLanguage);

  const start = (r: AiRequest, original?: string) => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setRun({ kind: r.kind, drafts: [], done: false, error: null, original });
    streamAi(ticketId, r, (draft, piece) => {
      setRun((cur) => {
        if (!cur || abort.current !== ctl) return cur;
        const drafts = [...cur.drafts];
        drafts[draft] = (drafts[draft] ?? "") + piece;
        return { ...cur, drafts };
      });
    }, ctl.signal)
      .then(() => setRun((cur) => (cur && abort.current === ctl ? { ...cur, done: true } : cur)))
      .catch((err) => {
        if ((err as Error)?.name === "AbortError") return;
        if ((err as { code?: string }).code === "ERR_AI_BUDGET_EXHAUSTED") status.refetch();
        setRun((
          cur,
        ) => (cur && abort.current === ctl ? { ...cur, done: true, error: errorMessage(err) } : cur));
      });
  };
  const close = () => {
    abort.current?.abort();
    abort.current = null;
    setRun(null);
  };
  const use = async (draft: string) => {
    if (run?.kind === "translateReply" && run.original) {
      // Both versions stay: the translation goes out, the attendant's words as a note.
      try {
        await keepOriginal(ticketId, t("originalNote", { text: run.original }));
      } catch (err) {
        toastError(err);
      }
    }
    onUse(draft.trim());
    close();
  };
  const keepNote = async (summary: string) => {
    try {
      await keepOriginal(ticketId, `🤖 ${summary.trim()}`);
      toastSuccess(t("noteKept"));
      close();
    } catch (err) {
      toastError(err);
    }
  };
  const hasText = text.trim().length > 0;
  const exhausted = status.data.budgetExhausted;

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={t("button")} data-testid="ai-menu">
            <Sparkles className="size-[18px] text-primary" />
          </Button>
        </MenuTrigger>
        <MenuContent align="start" side="top" className="min-w-60" data-testid="ai-menu-content">
          {exhausted && (
            <p className="max-w-64 px-2 py-1.5 text-[12px] text-danger" data-testid="ai-budget-note">
              {t("errors:ERR_AI_BUDGET_EXHAUSTED")}
            </p>
          )}
          <MenuItem onSelect={() => start({ kind: "suggest" })} data-testid="ai-suggest">
            <Sparkles />
            {t("suggest")}
          </MenuItem>
          <MenuItem onSelect={() => start({ kind: "summary", lang })} data-testid="ai-summary">
            <NotebookPen />
            {t("summary")}
          </MenuItem>
          <MenuItem
            onSelect={() => start({ kind: "translateMessage", to: lang })}
            data-testid="ai-translate-last"
          >
            <Languages />
            {t("translateLast")}
          </MenuItem>
          <MenuSeparator />
          <MenuLabel>{t("withText")}</MenuLabel>
          <MenuItem
            disabled={!hasText}
            onSelect={() => start({ kind: "translateReply", text }, text)}
            data-testid="ai-translate-reply"
          >
            <Languages />
            {t("translateReply")}
          </MenuItem>
          {STYLES.map((s) => (
            <MenuItem
              key={s}
              disabled={!hasText}
              onSelect={() => start({ kind: "rewrite", text, style: s })}
              data-testid={`ai-rewrite-${s}`}
            >
              <Wand2 />
              {t(`rewrite.${s}`)}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      {run && (
        <AiPanel
          run={run}
          onClose={close}
          onUse={use}
          onKeepNote={keepNote}
        />
      )}
    </>
  );
}

function AiPanel(
  { run, onClose, onUse, onKeepNote }: {
    run: Run;
    onClose: () => void;
    onUse: (draft: string) => void;
    onKeepNote: (text: string) => void;
  },
) {
  const { t } = useTranslation("aiAssist");
  const drafts = run.drafts.filter((d) => d?.trim());
  const readOnly = run.kind === "summary" || run.kind === "translateMessage";
  return (
    <div
      className="absolute inset-x-2 bottom-full z-20 mb-2 max-h-[50vh] overflow-y-auto rounded-xl border border-line bg-surface p-3 shadow-lg sm:inset-x-3"
      data-testid="ai-panel"
      data-done={run.done || undefined}
    >
      <div className="mb-2 flex items-center gap-2">
        <Sparkles className="size-4 text-primary" />
        <span className="text-[13px] font-semibold text-ink">{t(`titles.${run.kind}`)}</span>
        {!run.done && <span className="text-[12px] text-ink-subtle">{t("writing")}</span>}
        <Button
          variant="ghost"
          size="icon-sm"
          className="ml-auto"
          aria-label={t("close")}
          onClick={onClose}
          data-testid="ai-close"
        >
          <X className="size-4" />
        </Button>
      </div>
      {run.error && (
        <p className="rounded-lg bg-danger/10 px-3 py-2 text-[13px] text-danger" data-testid="ai-error">
          {run.error}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {drafts.map((d, i) => (
          <li
            key={i}
            className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 sm:flex-row sm:items-start"
            data-testid={`ai-draft-${i}`}
          >
            <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-[13px] text-ink">{d}</p>
            {run.done && !readOnly && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onUse(d)}
                data-testid={`ai-use-${i}`}
              >
                <Check className="size-4" />
                {t("use")}
              </Button>
            )}
            {run.done && run.kind === "summary" && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onKeepNote(d)}
                data-testid="ai-keep-note"
              >
                <Copy className="size-4" />
                {t("keepNote")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {run.done && !run.error && !drafts.length && <p className="text-[13px] text-ink-subtle">{t("empty")}
      </p>}
    </div>
  );
}
