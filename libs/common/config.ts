import { hkdfSync } from 'node:crypto';

export class ConfigError extends Error {}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [
  5000,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** How one queue's BullMQ worker runs; `<QUEUE>_CONCURRENCY`, `<QUEUE>_LOCK_DURATION_MS`, `<QUEUE>_STALLED_INTERVAL_MS`. */
export interface WorkerSettings {
  /** Jobs run at once per worker process. */
  concurrency: number;
  /** A job whose lock is not renewed for this long (its worker died) counts as stalled and is run again. */
  lockDurationMs: number;
  /** How often a worker looks for stalled jobs of crashed workers. */
  stalledIntervalMs: number;
}

/** The operator's model provider (docs/ai.md): used by an API key that stored no AI model key of its own. */
export interface AiSettings {
  /** `AI_BASE_URL`: an OpenAI-compatible API (`.../v1`); null when unset (then only keys with their own settings can call a model). */
  baseUrl: string | null;
  apiKey: string | null;
  chatModel: string;
  embeddingModel: string;
  /** One HTTP attempt's limit. */
  timeoutMs: number;
  /** Attempts after the first on a timeout, a network error, a 429 or a 5xx. */
  maxRetries: number;
  /** Delay before the first retry; each further retry waits twice as long. */
  retryDelayMs: number;
  /** Model calls in flight at once per API key, across every process (counted in Redis). */
  concurrencyPerKey: number;
  /** Whether a base URL an API key set may reach non-public addresses (the webhooks' address guard otherwise). */
  allowPrivateBaseUrls: boolean;
  /** Whether agent runs may fetch pages on non-public addresses. */
  allowPrivatePages: boolean;
  /** How often a worker re-enqueues agent runs whose job was lost. */
  sweepIntervalMs: number;
}

const DEV_SECRET_KEY = 'dev-only-secret-key-change-me-in-production-0000';

/** Validated process configuration. One instance per process, built at boot; a bad value stops the boot. */
export class AppConfig {
  readonly nodeEnv: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Seeds of a Redis Cluster (`REDIS_CLUSTER_NODES`); when set every Redis use goes to the cluster and `redisUrl` is unused. */
  readonly redisClusterNodes: RedisNode[] | null;
  readonly redisPrefix: string;
  readonly port: number;
  readonly trustProxy: boolean | number | string;
  readonly workspaceCreateLimit: number;
  readonly workspaceCreateWindowSeconds: number;
  readonly webhookAllowPrivateNetworks: boolean;
  /** Delays before each retry of a webhook delivery (docs/architecture.md "Webhooks"); tests shorten it through the environment. */
  readonly webhookRetryScheduleMs: number[];
  readonly webhookSweepIntervalMs: number;
  readonly logLevel: string;
  readonly authCacheTtlMs: number;
  readonly workerQueues: string[] | null;
  readonly workerHealthPort: number;
  /** How long a permission provider has to answer before the subscribe is refused. */
  readonly permissionProviderTimeoutMs: number;
  /** Seconds a permission provider decision without `expiresAt` is reused before the provider is asked again. */
  readonly permissionProviderCacheTtlSeconds: number;
  /** Seconds a presence entry lives unless refreshed (docs/architecture.md "Resources and live data"). */
  readonly presenceTtlSeconds: number;
  /** A document's presence list is published at once on a change; changes within this many ms after a publish are folded into one (libs/presence/publish-windows.ts). */
  readonly presencePublishWindowMs: number;
  /** Client plane: seconds a connection's presence data outlives its instance (a SIGKILLed one); refreshed every third of it. */
  readonly presenceConnectionTtlSeconds: number;
  /** Client plane: the largest presence object (as JSON) one connection may set on a document. */
  readonly presenceDataMaxBytes: number;
  /** Client plane: presence sets one connection may send per second, averaged over a burst of twice as many. */
  readonly presenceSetsPerSecond: number;
  /** Client plane: a room's presence tick; the changes within it reach the room as one frame, each connection's latest. */
  readonly presenceFrameMs: number;
  /** Client plane: the largest ephemeral event (as JSON) one broadcast may carry. */
  readonly broadcastMaxBytes: number;
  /** Client plane: broadcasts one connection may send per second, averaged over a burst of twice as many. */
  readonly broadcastsPerSecond: number;
  /** Client plane: a room's broadcast tick; the events within it reach the room as one frame, every one in order. */
  readonly broadcastFrameMs: number;
  /** Pending migrations older than this without a queued job (Redis was down at enqueue) are enqueued again. */
  readonly migrationSweepIntervalMs: number;
  /** Unsettled user-data deletions older than this without a queued job are enqueued again. */
  readonly userDataSweepIntervalMs: number;
  /** How often the worker deletes activities past their API key's retention. */
  readonly activityRetentionSweepIntervalMs: number;
  /** How long the comment change log keeps a row: a catch-up cursor older than this is answered "relist". */
  readonly commentChangeRetentionSeconds: number;
  /** How often a worker deletes change-log rows past the retention. */
  readonly commentChangeSweepIntervalMs: number;
  /** Rows one user-data deletion batch erases in its own short transaction. */
  readonly userDataBatchSize: number;
  /** How often the memory queue's sweep re-enqueues unfinished ingestions and unembedded judgments. */
  readonly memorySweepIntervalMs: number;
  /** SMTP hosts and the SendGrid URL may be private addresses (tests, an in-house relay). */
  readonly emailAllowPrivateNetworks: boolean;
  /** Base URL of SendGrid's v3 API; tests point it at a local receiver. */
  readonly sendgridApiUrl: string;
  /** Sends tried per e-mail before it is marked failed; transient failures only (a refusal fails at once). */
  readonly emailMaxAttempts: number;
  /** First retry delay of an e-mail; each further retry waits twice as long. */
  readonly emailRetryDelayMs: number;
  /** Pending e-mails older than this without a queued job are enqueued again. */
  readonly emailSweepIntervalMs: number;
  readonly workflowSweepIntervalMs: number;
  readonly workflowStepMaxAttempts: number;
  readonly workflowRetryDelayMs: number;
  /** CRDT sync (`/collab`): the largest Yjs update one message may carry. */
  readonly collabMaxUpdateBytes: number;
  /** CRDT sync: the largest a document may grow (compacted state plus the updates since). */
  readonly collabMaxDocumentBytes: number;
  /** CRDT sync: updates one connection may send per second, averaged over a burst of twice as many. */
  readonly collabMaxUpdatesPerSecond: number;
  /** CRDT sync: quiet time after an edit before the document is compacted (the edit itself is already stored). */
  readonly collabCompactDebounceMs: number;
  /** Lifetime of end-user tokens (generate_token); a socket.io or CRDT sync connection is closed when its token expires. */
  readonly userTokenLifetimeSeconds: number;
  /** Key for AES-GCM encryption of stored secrets. */
  readonly encryptionKey: Buffer;
  /** Key for signing page tokens. */
  readonly pageTokenKey: Buffer;
  /** Basic-auth credentials of the queue dashboard at /admin/queues; null (dashboard off) unless both are set. */
  readonly admin: { user: string; password: string } | null;
  /** Whether the API serves the operator console at /console (docs/console.md). */
  readonly consoleEnabled: boolean;
  /** The console's public origin (`CONSOLE_URL`): login links may continue there, or on a loopback host; null allows loopback only. */
  readonly consoleOrigin: string | null;
  /** Lifetime of a console session from sign-in. */
  readonly consoleSessionTtlSeconds: number;
  /** Lifetime of an e-mailed login link; it also ends when used. */
  readonly consoleLoginLinkTtlSeconds: number;
  /** Console sign-in attempts per client address, per workspace and per e-mail address within the window. */
  readonly consoleSignInLimit: number;
  readonly consoleSignInWindowSeconds: number;
  /** The operator's model provider and the limits of every model call (docs/ai.md). */
  readonly ai: AiSettings;

  constructor(env: NodeJS.ProcessEnv) {
    this.nodeEnv = env.NODE_ENV ?? 'development';
    this.databaseUrl = url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/postgres', [
      'postgres:',
      'postgresql:',
    ]);
    this.redisUrl = url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']);
    this.redisClusterNodes = redisNodes(env.REDIS_CLUSTER_NODES);
    this.redisPrefix = text(env, 'REDIS_PREFIX', 'svc', /^[A-Za-z0-9_.:-]{1,64}$/);
    this.port = int(env, 'PORT', 3000, 0, 65535);
    this.trustProxy = trustProxy(env.TRUST_PROXY);
    this.workspaceCreateLimit = int(env, 'WORKSPACE_CREATE_LIMIT', 10, 1, 1_000_000);
    this.workspaceCreateWindowSeconds = int(env, 'WORKSPACE_CREATE_WINDOW_S', 60, 1, 86_400);
    this.webhookAllowPrivateNetworks = bool(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', false);
    this.webhookRetryScheduleMs = intList(
      env,
      'WEBHOOK_RETRY_SCHEDULE_MS',
      DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
      0,
      7 * 86_400_000,
    );
    this.webhookSweepIntervalMs = int(env, 'WEBHOOK_SWEEP_INTERVAL_MS', 30_000, 100, 3_600_000);
    this.logLevel = oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
    this.authCacheTtlMs = int(env, 'AUTH_CACHE_TTL_MS', 5000, 0, 60_000);
    this.workerQueues = env.WORKER_QUEUES
      ? env.WORKER_QUEUES.split(',')
          .map((q) => q.trim())
          .filter(Boolean)
      : null;
    this.workerHealthPort = int(env, 'WORKER_HEALTH_PORT', 0, 0, 65535);
    this.permissionProviderTimeoutMs = int(env, 'PERMISSION_PROVIDER_TIMEOUT_MS', 5000, 100, 60_000);
    this.permissionProviderCacheTtlSeconds = int(env, 'PERMISSION_PROVIDER_CACHE_TTL_S', 60, 0, 86_400);
    this.presenceTtlSeconds = int(env, 'PRESENCE_TTL_S', 300, 5, 86_400);
    this.presencePublishWindowMs = int(env, 'PRESENCE_PUBLISH_WINDOW_MS', 50, 0, 10_000);
    this.presenceConnectionTtlSeconds = int(env, 'PRESENCE_CONNECTION_TTL_S', 15, 3, 3600);
    this.presenceDataMaxBytes = int(env, 'PRESENCE_DATA_MAX_BYTES', 2048, 16, 65_536);
    this.presenceSetsPerSecond = int(env, 'PRESENCE_SETS_PER_S', 60, 1, 10_000);
    this.presenceFrameMs = int(env, 'PRESENCE_FRAME_MS', 5, 1, 1000);
    this.broadcastMaxBytes = int(env, 'BROADCAST_MAX_BYTES', 8192, 16, 1024 * 1024);
    this.broadcastsPerSecond = int(env, 'BROADCASTS_PER_S', 30, 1, 10_000);
    this.broadcastFrameMs = int(env, 'BROADCAST_FRAME_MS', 5, 1, 1000);
    this.activityRetentionSweepIntervalMs = int(
      env,
      'ACTIVITY_RETENTION_SWEEP_INTERVAL_MS',
      3_600_000,
      100,
      86_400_000,
    );
    this.commentChangeRetentionSeconds = int(env, 'COMMENT_CHANGE_RETENTION_S', 604_800, 3600, 31_536_000);
    this.commentChangeSweepIntervalMs = int(env, 'COMMENT_CHANGE_SWEEP_INTERVAL_MS', 600_000, 100, 86_400_000);
    this.emailAllowPrivateNetworks = bool(env, 'EMAIL_ALLOW_PRIVATE_NETWORKS', false);
    this.sendgridApiUrl = url(env, 'SENDGRID_API_URL', 'https://api.sendgrid.com', ['https:', 'http:']);
    this.emailMaxAttempts = int(env, 'EMAIL_MAX_ATTEMPTS', 8, 1, 50);
    this.emailRetryDelayMs = int(env, 'EMAIL_RETRY_DELAY_MS', 30_000, 10, 3_600_000);
    this.emailSweepIntervalMs = int(env, 'EMAIL_SWEEP_INTERVAL_MS', 30_000, 500, 3_600_000);
    this.workflowSweepIntervalMs = int(env, 'WORKFLOW_SWEEP_INTERVAL_MS', 5000, 200, 600_000);
    this.workflowStepMaxAttempts = int(env, 'WORKFLOW_STEP_MAX_ATTEMPTS', 5, 1, 50);
    this.workflowRetryDelayMs = int(env, 'WORKFLOW_RETRY_DELAY_MS', 2000, 10, 3_600_000);
    this.migrationSweepIntervalMs = int(env, 'MIGRATION_SWEEP_INTERVAL_MS', 5000, 500, 600_000);
    this.userDataSweepIntervalMs = int(env, 'USER_DATA_SWEEP_INTERVAL_MS', 5000, 500, 600_000);
    this.userDataBatchSize = int(env, 'USER_DATA_BATCH_SIZE', 1000, 1, 10_000);
    this.memorySweepIntervalMs = int(env, 'MEMORY_SWEEP_INTERVAL_MS', 30_000, 200, 3_600_000);
    this.collabMaxUpdateBytes = int(env, 'COLLAB_MAX_UPDATE_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024);
    this.collabMaxDocumentBytes = int(env, 'COLLAB_MAX_DOCUMENT_BYTES', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
    this.collabMaxUpdatesPerSecond = int(env, 'COLLAB_MAX_UPDATES_PER_SECOND', 100, 1, 100_000);
    this.collabCompactDebounceMs = int(env, 'COLLAB_COMPACT_DEBOUNCE_MS', 2000, 0, 600_000);
    this.userTokenLifetimeSeconds = int(env, 'USER_TOKEN_LIFETIME_S', 48 * 3600, 1, 7 * 24 * 3600);
    const secret = secretKey(env, this.nodeEnv);
    this.encryptionKey = derive(secret, 'stored-secrets');
    this.pageTokenKey = derive(secret, 'page-tokens');
    this.admin = adminCredentials(env);
    this.consoleEnabled = bool(env, 'CONSOLE_ENABLED', true);
    this.consoleOrigin = env.CONSOLE_URL ? new URL(url(env, 'CONSOLE_URL', '', ['https:', 'http:'])).origin : null;
    this.consoleSessionTtlSeconds = int(env, 'CONSOLE_SESSION_TTL_S', 12 * 3600, 60, 30 * 86_400);
    this.consoleLoginLinkTtlSeconds = int(env, 'CONSOLE_LOGIN_LINK_TTL_S', 15 * 60, 30, 86_400);
    this.consoleSignInLimit = int(env, 'CONSOLE_SIGN_IN_LIMIT', 10, 1, 1_000_000);
    this.consoleSignInWindowSeconds = int(env, 'CONSOLE_SIGN_IN_WINDOW_S', 15 * 60, 1, 86_400);
    this.ai = {
      baseUrl: env.AI_BASE_URL ? url(env, 'AI_BASE_URL', '', ['https:', 'http:']).replace(/\/+$/, '') : null,
      apiKey: env.AI_API_KEY || null,
      chatModel: text(env, 'AI_CHAT_MODEL', 'gpt-4o-mini', /^.{1,256}$/),
      embeddingModel: text(env, 'AI_EMBEDDING_MODEL', 'text-embedding-3-small', /^.{1,256}$/),
      timeoutMs: int(env, 'AI_TIMEOUT_MS', 60_000, 100, 600_000),
      maxRetries: int(env, 'AI_MAX_RETRIES', 2, 0, 10),
      retryDelayMs: int(env, 'AI_RETRY_DELAY_MS', 500, 0, 60_000),
      concurrencyPerKey: int(env, 'AI_CONCURRENCY_PER_KEY', 4, 1, 1000),
      allowPrivateBaseUrls: bool(env, 'AI_ALLOW_PRIVATE_BASE_URLS', false),
      allowPrivatePages: bool(env, 'AGENT_ALLOW_PRIVATE_URLS', false),
      sweepIntervalMs: int(env, 'AGENT_SWEEP_INTERVAL_MS', 5000, 200, 600_000),
    };
  }
}

/** One `host:port` seed of REDIS_CLUSTER_NODES. */
export interface RedisNode {
  host: string;
  port: number;
}

function redisNodes(raw: string | undefined): RedisNode[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  return raw.split(',').map((part) => {
    const seed = part.trim();
    const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(seed);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535) {
      throw new ConfigError(`REDIS_CLUSTER_NODES must be comma-separated host:port seeds (got "${seed}").`);
    }
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  });
}

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

function adminCredentials(env: NodeJS.ProcessEnv): { user: string; password: string } | null {
  const user = env.ADMIN_USER ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (user === '' && password === '') return null;
  if (user === '' || password === '') throw new ConfigError('ADMIN_USER and ADMIN_PASSWORD must be set together.');
  // RFC 7617: the user-id of basic auth cannot contain a colon.
  if (user.includes(':') || user.length > 256)
    throw new ConfigError('ADMIN_USER must be at most 256 characters without ":".');
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH || password.length > 1024) {
    throw new ConfigError(`ADMIN_PASSWORD must be ${MIN_ADMIN_PASSWORD_LENGTH} to 1024 characters.`);
  }
  return { user, password };
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'collab-backend', label, 32));
}

function secretKey(env: NodeJS.ProcessEnv, nodeEnv: string): string {
  const value = env.SECRET_KEY;
  if (value === undefined || value === '') {
    if (nodeEnv === 'production') throw new ConfigError('SECRET_KEY is required when NODE_ENV=production.');
    return DEV_SECRET_KEY;
  }
  if (value.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters.');
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: string[]): string {
  const value = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL.`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use one of ${protocols.join(' ')} (got ${parsed.protocol}).`);
  }
  return value;
}

/** One queue's worker settings from `<PREFIX>_CONCURRENCY`, `<PREFIX>_LOCK_DURATION_MS`, `<PREFIX>_STALLED_INTERVAL_MS` (libs/queue holds each queue's defaults). */
export function workerSettings(
  env: NodeJS.ProcessEnv,
  prefix: string,
  defaults: WorkerSettings,
  maxConcurrency: number,
): WorkerSettings {
  return {
    concurrency: int(env, `${prefix}_CONCURRENCY`, defaults.concurrency, 1, maxConcurrency),
    lockDurationMs: int(env, `${prefix}_LOCK_DURATION_MS`, defaults.lockDurationMs, 1000, 600_000),
    stalledIntervalMs: int(env, `${prefix}_STALLED_INTERVAL_MS`, defaults.stalledIntervalMs, 500, 600_000),
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function intList(env: NodeJS.ProcessEnv, name: string, fallback: number[], min: number, max: number): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value < min || value > max)) {
    throw new ConfigError(`${name} must be a comma-separated list of integers from ${min} to ${max} (got "${raw}").`);
  }
  return values;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

function text(env: NodeJS.ProcessEnv, name: string, fallback: string, pattern: RegExp): string {
  const value = env[name] || fallback;
  if (!pattern.test(value)) throw new ConfigError(`${name} must match ${pattern} (got "${value}").`);
  return value;
}

function oneOf(env: NodeJS.ProcessEnv, name: string, fallback: string, allowed: string[]): string {
  const value = env[name] || fallback;
  if (!allowed.includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
  return value;
}

/** Express "trust proxy": true/false, a hop count, or a list of addresses/subnets. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}
