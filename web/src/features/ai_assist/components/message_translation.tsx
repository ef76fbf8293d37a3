/**
 * "Translate" on a customer's message bubble: the message streamed into the attendant's UI
 * language through the translate route (with the message's id), shown under the original;
 * "Show original" hides it again. The translation is kept while the bubble lives, so showing it
 * again spends nothing; leaving the conversation mid-stream cancels the call.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Languages } from "lucide-react";
import { errorMessage } from "../../../lib/toast.ts";
import { streamAi, useAiStatus } from "../api/ai_assist.ts";
import { uiLang } from "./ai_composer.tsx";

type MessageLike = { id: number; ticketId: number; fromMe: boolean; isPrivate: boolean; isDeleted: boolean };
type Result = { text: string; done: boolean; error: string | null };

/**
 * A bubble's translation: `available` (AI on, a customer's text), `shown`, `translate()`,
 * `hide()` and the `element` to render under the message's text.
 */
export function useMessageTranslation(m: MessageLike, hasText: boolean) {
  const { t, i18n } = useTranslation("aiAssist");
  const status = useAiStatus();
  const [result, setResult] = useState<Result | null>(null);
  const [shown, setShown] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const available = !!status.data?.available && hasText && !m.fromMe && !m.isPrivate && !m.isDeleted;

  const translate = () => {
    setShown(true);
    if (result && !result.error) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setResult({ text: "", done: false, error: null });
    streamAi(m.ticketId, { kind: "translateMessage", messageId: m.id, to: uiLang(i18n.resolvedLanguage) }, (
      _draft,
      piece,
    ) => setResult((r) => (r && abort.current === ctl ? { ...r, text: r.text + piece } : r)), ctl.signal)
      .then(() => setResult((r) => (r && abort.current === ctl ? { ...r, done: true } : r)))
      .catch((err) => {
        if ((err as Error)?.name === "AbortError") return;
        if ((err as { code?: string }).code === "ERR_AI_BUDGET_EXHAUSTED") status.refetch();
        setResult((r) => (r && abort.current === ctl ? { ...r, done: true, error: errorMessage(err) } : r));
      });
  };
  const hide = () => setShown(false);

  const element = shown && result
    ? (
      <div
        className="mt-1.5 border-t border-ink/10 pt-1.5"
        data-testid={`message-translation-${m.id}`}
        data-done={result.done || undefined}
      >
        <p className="mb-0.5 flex flex-wrap items-center gap-x-2 text-[11.5px] text-ink-subtle">
          <span className="flex items-center gap-1">
            <Languages className="size-3" />
            {result.done ? t("bubble.translated") : t("writing")}
          </span>
          <button
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              hide();
            }}
            className="cursor-pointer font-semibold text-primary-strong hover:underline"
            data-testid={`message-original-${m.id}`}
          >
            {t("bubble.showOriginal")}
          </button>
        </p>
        {result.text && <p className="break-words whitespace-pre-wrap">{result.text.trim()}</p>}
        {result.error && (
          <p className="text-[12.5px] text-danger" data-testid="message-translation-error">{result.error}</p>
        )}
      </div>
    )
    : null;
  return { available, shown, translate, hide, element };
}
