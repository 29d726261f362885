import { ConfigError, workerSettings, WorkerSettings } from '@app/common';

/** A queue's BullMQ worker defaults, and the most jobs one worker process may run of it at once. */
interface QueueDefaults extends WorkerSettings {
  maxConcurrency: number;
}

/**
 * Every BullMQ queue of the service: the one list to extend for a new queue (CONTRIBUTING.md "Add a
 * queue"). The key names the constant (`QUEUE.USER_DATA`) and the environment variables that override
 * the defaults: `<KEY>_CONCURRENCY`, `<KEY>_LOCK_DURATION_MS`, `<KEY>_STALLED_INTERVAL_MS`.
 */
const QUEUE_TABLE = {
  AUDIT: { name: 'audit', concurrency: 1, maxConcurrency: 1000, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
  // Short webhook locks so a delivery held by a killed worker is taken over within seconds; the lock is renewed while running.
  WEBHOOK: { name: 'webhook', concurrency: 50, maxConcurrency: 1000, lockDurationMs: 10_000, stalledIntervalMs: 5_000 },
  MIGRATION: {
    name: 'migration',
    concurrency: 4,
    maxConcurrency: 100,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
  },
  USER_DATA: {
    name: 'user-data',
    concurrency: 2,
    maxConcurrency: 100,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
  },
  ACTIVITY: { name: 'activity', concurrency: 1, maxConcurrency: 10, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
  COMMENT: { name: 'comment', concurrency: 1, maxConcurrency: 10, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
  EMAIL: { name: 'email', concurrency: 10, maxConcurrency: 200, lockDurationMs: 60_000, stalledIntervalMs: 30_000 },
  // Short locks, as webhooks have: a step held by a killed worker is taken over within seconds.
  WORKFLOW: {
    name: 'workflow',
    concurrency: 20,
    maxConcurrency: 1000,
    lockDurationMs: 10_000,
    stalledIntervalMs: 5_000,
  },
  // Embeddings and file conversion call the model: long locks, a handful at a time per worker.
  MEMORY: { name: 'memory', concurrency: 4, maxConcurrency: 100, lockDurationMs: 120_000, stalledIntervalMs: 30_000 },
  // A run waits on model calls for minutes: the lock is renewed while it runs; a killed worker's run is taken over within 30 s.
  AGENT: { name: 'agent', concurrency: 4, maxConcurrency: 200, lockDurationMs: 30_000, stalledIntervalMs: 15_000 },
} as const satisfies Record<string, QueueDefaults & { name: string }>;

type QueueKey = keyof typeof QUEUE_TABLE;
export type QueueName = (typeof QUEUE_TABLE)[QueueKey]['name'];

/** Queue names by constant: `QUEUE.WEBHOOK` is `'webhook'`. */
export const QUEUE = Object.fromEntries(Object.entries(QUEUE_TABLE).map(([key, queue]) => [key, queue.name])) as {
  readonly [K in QueueKey]: (typeof QUEUE_TABLE)[K]['name'];
};

export const QUEUE_NAMES = Object.values(QUEUE);

/** The queues one worker process serves (`WORKER_QUEUES`, else all) and their worker settings, validated at boot. */
export class QueueSettings {
  readonly served: readonly QueueName[];
  private readonly settings = new Map<QueueName, WorkerSettings>();

  constructor(env: NodeJS.ProcessEnv, workerQueues: readonly string[] | null) {
    const unknown = (workerQueues ?? []).filter((name) => !(QUEUE_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0)
      throw new ConfigError(
        `WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')}).`,
      );
    this.served = workerQueues ? (workerQueues as QueueName[]) : QUEUE_NAMES;
    for (const [key, { name, maxConcurrency, ...defaults }] of Object.entries(QUEUE_TABLE)) {
      this.settings.set(name, workerSettings(env, key, defaults, maxConcurrency));
    }
  }

  of(queue: QueueName): WorkerSettings {
    return this.settings.get(queue)!;
  }
}
