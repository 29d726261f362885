import { Job, JobsOptions, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QueueProcessor } from './queue-processor';
import { ExtraWorkerOptions } from './worker-registry';

/** Each crash of the worker running a job counts one stall; beyond this the job fails and the sweep settles its row. */
const MAX_STALLED_COUNT = 5;
const SWEEP_BATCH = 500;

/** Runs the work a row stands for; safe to call again for the same id, concurrently or after a crash. */
export interface RowJobRunner<S> {
  run(id: string): Promise<S | null>;
  /** Marks failed a row whose job ran out of attempts without settling it. */
  abandon(id: string): Promise<void>;
}

/** What a row-backed queue declares: its table (with `id`, `status` pending|in_progress|..., `updated_at`), job names, sweep interval. */
export interface RowJobSpec<T> {
  table: string;
  jobName: string;
  sweepJobName: string;
  sweepIntervalMs: number;
  payload(id: string): T;
  jobOptions?: JobsOptions;
}

/**
 * Base of a queue whose jobs stand for PostgreSQL rows (document migrations, user-data deletions):
 * the row is the truth, the job id is the row id and only a wake-up call. A job whose worker died
 * keeps its lock for the queue's lock duration, then another worker's stalled check puts it back;
 * the runner makes the repeat safe. A periodic sweep enqueues unsettled rows whose job is missing
 * (Redis was down at enqueue, or lost its data) and settles rows whose job gave up.
 */
export abstract class RowJobProcessor<T, S> extends QueueProcessor<T> {
  protected constructor(
    private readonly queue: Queue<unknown>,
    private readonly dataSource: DataSource,
    private readonly runner: RowJobRunner<S>,
    private readonly spec: RowJobSpec<T>,
    private readonly idOf: (data: T) => string,
  ) {
    super();
  }

  protected override extraOptions(): ExtraWorkerOptions {
    return { maxStalledCount: MAX_STALLED_COUNT };
  }

  protected override async schedule(): Promise<void> {
    await this.queue.upsertJobScheduler(
      `${this.queueName}-sweep`,
      { every: this.spec.sweepIntervalMs },
      { name: this.spec.sweepJobName, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async process(job: Job<T>): Promise<S | number | null> {
    if (job.name === this.spec.sweepJobName) return this.sweep();
    const id = this.idOf(job.data);
    try {
      return await this.runner.run(id);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        // Best effort: if this write fails too, the sweep settles the row once it sees the failed job.
        await this.runner.abandon(id).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Returns how many rows were enqueued again. Queued, delayed and running jobs are left alone. */
  async sweep(): Promise<number> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM ${this.spec.table}
       WHERE status IN ('pending', 'in_progress') AND updated_at < now() - make_interval(secs => $1)
       ORDER BY updated_at LIMIT $2`,
      [this.spec.sweepIntervalMs / 1000, SWEEP_BATCH],
    );
    let enqueued = 0;
    for (const { id } of rows) {
      const state = await this.queue.getJobState(id);
      if (state === 'unknown') {
        await this.queue.add(this.spec.jobName, this.spec.payload(id), { jobId: id, ...this.spec.jobOptions });
        enqueued++;
      } else if (state === 'failed') {
        await this.runner.abandon(id);
      }
    }
    return enqueued;
  }
}
