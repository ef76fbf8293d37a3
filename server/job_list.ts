/**
 * Every scheduled job of the process. Each feature adds its definitions here; only the composition
 * root (compose.ts) reads this list, so the job machinery (jobs/) imports no feature.
 */
import type { JobDef } from "./deps.ts";
import { purgeExpiredAuth } from "./auth/cleanup.ts";
import { ensureInvoices } from "./billing/invoices.ts";
import { refreshAllFolderStats } from "./companies/folder.ts";
import { campaignsTick } from "./campaigns/dispatcher.ts";
import { schedulesTick } from "./schedules/dispatcher.ts";
import { runTicketTimers } from "./timers/tick.ts";
import { pollTelegram } from "./channels/telegram/polling.ts";
import { purgeWebhookLog } from "./webhooks/purge.ts";
import { scheduledBackup } from "./backups/backup.ts";
import { runRetention } from "./retention/run.ts";
import { advanceRollups, buildAllRollups } from "./dashboard/rollup_build.ts";
import { sweepOrphans } from "./retention/orphans.ts";

export const JOBS: JobDef[] = [
  { name: "auth.purge_expired", pattern: "17 * * * *", run: purgeExpiredAuth },
  {
    name: "billing.invoices",
    pattern: "*/10 * * * *",
    run: async (deps, now) => void await ensureInvoices(deps, now),
  },
  { name: "companies.folder_stats", pattern: "41 3 * * *", run: (deps) => refreshAllFolderStats(deps) },
  { name: "campaigns.dispatch", pattern: "* * * * * *", run: campaignsTick },
  { name: "schedules.dispatch_due", pattern: "*/5 * * * * *", run: async (d) => void await schedulesTick(d) },
  {
    name: "tickets.timers",
    pattern: "*/5 * * * * *",
    run: async (deps, now) => void await runTicketTimers(deps, now),
  },
  { name: "webhooks.purge", pattern: "23 4 * * *", run: purgeWebhookLog },
  // An online copy of a local database file each hour; thinned to hourly/daily (BACKUP_KEEP_*).
  { name: "backups.run", pattern: "7 * * * *", run: scheduledBackup },
  // Each company's retention rule, once a day per company (claimed on its retention_stats row).
  {
    name: "retention.run",
    pattern: "37 2 * * *",
    run: async (deps, now) => void await runRetention(deps, now),
  },
  // The dashboard's per-day rollups: rebuilt whole each night after retention (what no event
  // announced); every 10 minutes the companies that have one roll the days that ended.
  { name: "dashboard.rollups", pattern: "17 3 * * *", run: (deps, now) => buildAllRollups(deps, now) },
  { name: "dashboard.rollups_advance", pattern: "*/10 * * * *", run: advanceRollups },
  // Stored files no row names, past a grace period; once a day across instances (a lease per day).
  {
    name: "retention.orphans",
    pattern: "47 3 * * *",
    run: async (deps, now) => void await sweepOrphans(deps, now),
  },
  // Only with TELEGRAM_UPDATES=polling; otherwise a no-op.
  { name: "telegram.poll", pattern: "*/2 * * * * *", run: (deps) => pollTelegram(deps) },
];
