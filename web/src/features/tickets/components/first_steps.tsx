/**
 * From an empty company to a first answered ticket: while the company has no connection
 * or no queue, the inbox shows the three steps, each ticked when done, with the way there for
 * those allowed to take it.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Cable, CheckCircle2, Inbox, ListTree } from "lucide-react";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { cn } from "../../../lib/utils.ts";
import { useConnectionList, useQueueOptions } from "../../connections/index.ts";

export function FirstSteps({ className }: { className?: string }) {
  const { t } = useTranslation("inbox");
  const me = useCurrentUser();
  const connections = useConnectionList();
  const queues = useQueueOptions();
  if (!connections.data || !queues.data) return null;
  const hasConnection = connections.data.length > 0;
  const hasQueue = queues.data.length > 0;
  if (hasConnection && hasQueue) return null;
  const admin = isAdmin(me);
  const mayConnect = admin || me.allowConnections === "enabled";
  const steps = [
    {
      key: "connect",
      icon: Cable,
      done: hasConnection,
      link: mayConnect ? { to: "/connections", label: t("empty.tickets.goConnections") } : null,
    },
    {
      key: "queue",
      icon: ListTree,
      done: hasQueue,
      link: admin ? { to: "/queues", label: t("empty.tickets.goQueues") } : null,
    },
    { key: "wait", icon: Inbox, done: false, link: null },
  ] as const;
  return (
    <section
      className={cn(
        "w-full max-w-md rounded-2xl bg-surface p-4 text-left shadow-sm ring-1 ring-line",
        className,
      )}
      data-testid="first-steps"
    >
      <h3 className="mb-3 text-[15px] font-semibold text-ink">{t("empty.tickets.title")}</h3>
      <ol className="flex flex-col gap-3">
        {steps.map((s, i) => (
          <li
            key={s.key}
            className="flex gap-3"
            data-testid={`first-step-${s.key}`}
            data-done={s.done || undefined}
          >
            <span
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                s.done
                  ? "bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-200"
                  : "bg-primary-soft text-primary-strong",
              )}
            >
              {s.done ? <CheckCircle2 className="size-4" /> : i + 1}
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className={cn("text-sm font-medium text-ink", s.done && "text-ink-muted line-through")}>
                <s.icon className="mr-1 inline size-3.5 align-[-2px]" />
                {t(`empty.tickets.${s.key}`)}
              </p>
              <p className="text-xs text-ink-muted">{t(`empty.tickets.${s.key}Hint`)}</p>
              {s.link && !s.done && (
                <Link to={s.link.to} className="text-xs font-semibold text-primary-strong hover:underline">
                  {s.link.label} →
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
