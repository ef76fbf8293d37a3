/** Environment → typed configuration. Everything is optional (DESIGN §2). */
import { z } from "zod";

export const VERSION = "6.0.0";

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** DATABASE_SYNC_URL: the primary an embedded replica (DATABASE_URL=file:…) follows (libsql://…). */
  databaseSyncUrl?: string;
  /** DATABASE_AUTH_TOKEN: the libSQL server's token (for DATABASE_URL or DATABASE_SYNC_URL). */
  databaseAuthToken?: string;
  /** DATABASE_SYNC_INTERVAL: seconds between an embedded replica's pulls from the primary. */
  databaseSyncInterval: number;
  /**
   * DATABASE_DRIVER=client: @libsql/client even for a local file, i.e. the client code a remote
   * server or a replica runs on (how tests/fleet exercise that path without a libSQL server).
   */
  databaseForceClient: boolean;
  appSecret: string;
  adminEmail: string;
  adminPassword?: string;
  publicUrl: string;
  smtpUrl?: string;
  redisUrl?: string;
  /**
   * STORAGE_URL: where files live (server/lib/storage/): absent or `file:` → DATA_DIR on this disk;
   * `s3://[KEY:SECRET@]bucket[/prefix]?endpoint=…&region=…` → an S3-compatible bucket the fleet shares.
   */
  storageUrl?: string;
  /** STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY: the bucket's credentials when not in the URL. */
  storageAccessKeyId?: string;
  storageSecretAccessKey?: string;
  /** Base URLs of external providers, overridable so tests point them at local servers. */
  providers: {
    graph: string;
    cloudApi: string;
    stripe: string;
    openai: string;
    typebot: string;
    dialogflow: string;
    /** Google's OAuth token endpoint (Dialogflow service accounts). */
    googleToken: string;
    /** Azure text-to-speech; "{region}" is replaced by the prompt's voiceRegion. */
    azureTts: string;
    efi: string;
    mercadopago: string;
    asaas: string;
    /** Telegram's Bot API (`{base}/bot<token>/<method>`, files at `{base}/file/bot<token>/<path>`). */
    telegram: string;
  };
  /** How Telegram bots deliver updates (TELEGRAM_UPDATES): webhook, or getUpdates long polling. */
  telegramUpdates: "webhook" | "polling";
  /** Where the built web app lives. */
  webDist: string;
  instanceId: string;
  /** Inbound batches written on the main thread before the ingest Worker takes over; -1 = never. */
  ingestThreadAfter: number;
  /** Workers of the read pool (db/read_pool.ts) for dashboards, reports and exports; 0 = main thread. */
  readWorkers: number;
  /** ALLOW_PRIVATE_URLS: "1" lets server-side fetches reach private addresses; or a host list (lib/safe_fetch.ts). */
  allowPrivateUrls: string;
  /** Socket fan-out limits (server/realtime/fanout.ts): unsent bytes and time behind per socket, lane lag. */
  realtime: { maxBufferedBytes: number; maxLagMs: number; maxSocketLagMs: number; presenceGraceMs: number };
  /** Hours without a message after which an active ticket is closed (spec 1 §9: 24); 0 = never. */
  ticketAutoCloseHours: number;
  /** INTEGRATION_TIMEOUT_MS: the timeout of one provider call of server/integrations. */
  integrationTimeoutMs: number;
  /** AI_TIMEOUT_MS / AI_STALL_MS: one AI assistant call in all, and the longest silence mid-stream. */
  aiTimeoutMs: number;
  aiStallMs: number;
  /** GRAPH_TIMEOUT_MS: the timeout of one Graph API call (Messenger, Instagram, Cloud API). */
  graphTimeoutMs: number;
  /** WEBHOOK_TIMEOUT_MS: one event webhook delivery attempt gives up after this (server/webhooks). */
  webhookTimeoutMs: number;
  /**
   * LEASE_TTL_MS: how long a lease (the scheduler's, a WhatsApp session's) outlives its last
   * renewal, i.e. how soon another instance takes over from a dead one. Renewed every third of it.
   */
  leaseTtlMs: number;
  /** API_KEY_RATE_LIMIT: requests per minute one API key may make (server/api_keys/). */
  apiKeyRateLimit: number;
  /**
   * Web Push's VAPID identity (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). Without the keys the
   * server makes a pair once and keeps it in the database (server/push/vapid.ts).
   */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /**
   * Scheduled backups of an embedded database (server/backups): BACKUPS=off turns them off;
   * BACKUP_KEEP_HOURS hourly ones and BACKUP_KEEP_DAYS daily ones are kept. BACKUP_SCRATCH_DIR: where
   * the copy is made before it goes to the storage (default DATA_DIR; server/backups/backup.ts says
   * when a tmpfs helps).
   */
  backups: { enabled: boolean; keepHours: number; keepDays: number; scratchDir?: string };
};

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_SYNC_URL: z.string().optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_SYNC_INTERVAL: z.coerce.number().min(0.1).default(1),
  DATABASE_DRIVER: z.enum(["local", "client"]).default("local"),
  APP_SECRET: z.string().min(16).optional(),
  ADMIN_EMAIL: z.email().default("admin@atende.local"),
  ADMIN_PASSWORD: z.string().min(5).optional(),
  PUBLIC_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  STORAGE_URL: z.string().optional(),
  STORAGE_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().optional(),
  GRAPH_API_URL: z.string().default("https://graph.facebook.com"),
  WHATSAPP_CLOUD_API_URL: z.string().default("https://graph.facebook.com"),
  STRIPE_API_URL: z.string().default("https://api.stripe.com"),
  /** Efí's PIX API (sandbox: https://pix-h.api.efipay.com.br). */
  EFI_API_URL: z.string().default("https://pix.api.efipay.com.br"),
  MERCADOPAGO_API_URL: z.string().default("https://api.mercadopago.com"),
  /** Asaas (sandbox: https://api-sandbox.asaas.com). */
  ASAAS_API_URL: z.string().default("https://api.asaas.com"),
  TELEGRAM_API_URL: z.string().default("https://api.telegram.org"),
  /** How Telegram bots deliver updates: "webhook" (needs an https PUBLIC_URL) or "polling" (getUpdates). */
  TELEGRAM_UPDATES: z.enum(["webhook", "polling"]).default("webhook"),
  OPENAI_API_URL: z.string().default("https://api.openai.com/v1"),
  TYPEBOT_API_URL: z.string().default("https://typebot.io"),
  DIALOGFLOW_API_URL: z.string().default("https://dialogflow.googleapis.com"),
  GOOGLE_TOKEN_URL: z.string().default("https://oauth2.googleapis.com/token"),
  AZURE_TTS_URL: z.string().default("https://{region}.tts.speech.microsoft.com"),
  /** One call to an integration's provider (bots, AI, transcription) gives up after this. */
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().min(50).default(20_000),
  AI_TIMEOUT_MS: z.coerce.number().int().min(50).default(90_000),
  AI_STALL_MS: z.coerce.number().int().min(20).default(20_000),
  /** One Graph API call gives up after this; a send that timed out may have reached Meta. */
  GRAPH_TIMEOUT_MS: z.coerce.number().int().min(50).default(20_000),
  /** One event webhook delivery attempt (server/webhooks) gives up after this. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).default(10_000),
  WEB_DIST: z.string().default("./dist"),
  INGEST_THREAD_AFTER: z.coerce.number().int().min(-1).default(200),
  READ_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  ALLOW_PRIVATE_URLS: z.string().default(""),
  /** Memory bound per socket: unsent bytes past this shed it, however recent. */
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(8 * 1024 * 1024),
  /** A socket whose oldest unsent frame waited longer than this is shed (a slow consumer). */
  WS_MAX_SOCKET_LAG_MS: z.coerce.number().int().min(50).default(10_000),
  WS_MAX_LAG_MS: z.coerce.number().int().min(50).default(2_000),
  WS_PRESENCE_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  TICKET_AUTO_CLOSE_HOURS: z.coerce.number().min(0).default(24),
  LEASE_TTL_MS: z.coerce.number().int().min(300).default(30_000),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  BACKUPS: z.enum(["on", "off"]).default("on"),
  BACKUP_KEEP_HOURS: z.coerce.number().int().min(0).default(24),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(0).default(30),
  BACKUP_SCRATCH_DIR: z.string().optional(),
});

/** Reads the environment; generates and keeps APP_SECRET under DATA_DIR when absent. */
export async function loadConfig(
  env: Record<string, string | undefined> = Deno.env.toObject(),
): Promise<Config> {
  const e = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  await Deno.mkdir(e.DATA_DIR, { recursive: true });
  const port = e.PORT;
  return {
    port,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? `file:${e.DATA_DIR}/atende.db`,
    databaseSyncUrl: e.DATABASE_SYNC_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseSyncInterval: e.DATABASE_SYNC_INTERVAL,
    databaseForceClient: e.DATABASE_DRIVER === "client",
    appSecret: e.APP_SECRET ?? await readOrCreateSecret(`${e.DATA_DIR}/app_secret`),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    storageUrl: e.STORAGE_URL,
    storageAccessKeyId: e.STORAGE_ACCESS_KEY_ID,
    storageSecretAccessKey: e.STORAGE_SECRET_ACCESS_KEY,
    providers: {
      graph: e.GRAPH_API_URL,
      cloudApi: e.WHATSAPP_CLOUD_API_URL,
      stripe: e.STRIPE_API_URL,
      openai: e.OPENAI_API_URL,
      typebot: e.TYPEBOT_API_URL,
      dialogflow: e.DIALOGFLOW_API_URL,
      googleToken: e.GOOGLE_TOKEN_URL,
      azureTts: e.AZURE_TTS_URL,
      efi: e.EFI_API_URL,
      mercadopago: e.MERCADOPAGO_API_URL,
      asaas: e.ASAAS_API_URL,
      telegram: e.TELEGRAM_API_URL,
    },
    telegramUpdates: e.TELEGRAM_UPDATES,
    webDist: e.WEB_DIST,
    instanceId: crypto.randomUUID(),
    ingestThreadAfter: e.INGEST_THREAD_AFTER,
    readWorkers: e.READ_WORKERS,
    allowPrivateUrls: e.ALLOW_PRIVATE_URLS,
    realtime: {
      maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
      maxLagMs: e.WS_MAX_LAG_MS,
      maxSocketLagMs: e.WS_MAX_SOCKET_LAG_MS,
      presenceGraceMs: e.WS_PRESENCE_GRACE_MS,
    },
    ticketAutoCloseHours: e.TICKET_AUTO_CLOSE_HOURS,
    integrationTimeoutMs: e.INTEGRATION_TIMEOUT_MS,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    aiStallMs: e.AI_STALL_MS,
    graphTimeoutMs: e.GRAPH_TIMEOUT_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    leaseTtlMs: e.LEASE_TTL_MS,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
    },
    backups: {
      enabled: e.BACKUPS === "on",
      keepHours: e.BACKUP_KEEP_HOURS,
      keepDays: e.BACKUP_KEEP_DAYS,
      scratchDir: e.BACKUP_SCRATCH_DIR || undefined,
    },
  };
}

async function readOrCreateSecret(path: string): Promise<string> {
  try {
    return (await Deno.readTextFile(path)).trim();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const secret = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    await Deno.writeTextFile(path, secret, { mode: 0o600 });
    return secret;
  }
}
