import { Job, JobsOptions, Queue } from 'bullmq';
import { QueueProcessor } from './queue-processor';
import { ExtraWorkerOptions } from './worker-registry';

/** Each crash of the worker running a job counts one stall; beyond this the job fails and the sweep settles its row. */
const MAX_STALLED_COUNT = 5;
const SWEEP_BATCH = 500;

/** The domain side of a row-backed queue: it owns the table, so the SQL on it is here. */
export interface RowJobRunner<S> {
  /** Runs the work a row stands for; safe to call again for the same id, concurrently or after a crash. */
  run(id: string): Promise<S | null>;
  /** Marks failed a row whose job ran out of attempts without settling it. */
  abandon(id: string): Promise<void>;
  /** Ids of up to `limit` unsettled rows untouched for `quietSeconds`, oldest first: the sweep's candidates. */
  unsettled(quietSeconds: number, limit: number): Promise<string[]>;
}

/** What a row-backed queue declares. */
export interface RowJobOptions<T, S> {
  queue: Queue<unknown>;
  runner: RowJobRunner<S>;
  jobName: string;
  sweepJobName: string;
  sweepIntervalMs: number;
  /** The job data for a row id, and the row id in a job's data. */
  payload: (id: string) => T;
  idOf: (data: T) => string;
  jobOptions?: JobsOptions;
}

/**
 * Base of a queue whose jobs stand for PostgreSQL rows (document migrations, user-data deletions, e-mails):
 * the row is the truth, the job id is the row id and only a wake-up call. A job whose worker died
 * keeps its lock for the queue's lock duration, then another worker's stalled check puts it back;
 * the runner makes the repeat safe. A periodic sweep enqueues unsettled rows whose job is missing
 * (Redis was down at enqueue, or lost its data) and settles rows whose job gave up.
 */
export abstract class RowJobProcessor<T, S> extends QueueProcessor<T> {
  protected constructor(private readonly options: RowJobOptions<T, S>) {
    super();
  }

  protected override extraOptions(): ExtraWorkerOptions {
    return { maxStalledCount: MAX_STALLED_COUNT };
  }

  protected override async schedule(): Promise<void> {
    await this.options.queue.upsertJobScheduler(
      `${this.queueName}-sweep`,
      { every: this.options.sweepIntervalMs },
      { name: this.options.sweepJobName, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async process(job: Job<T>): Promise<S | number | null> {
    const { runner, sweepJobName, idOf } = this.options;
    if (job.name === sweepJobName) return this.sweep();
    const id = idOf(job.data);
    try {
      return await runner.run(id);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        // Best effort: if this write fails too, the sweep settles the row once it sees the failed job.
        await runner.abandon(id).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Returns how many rows were enqueued again. Queued, delayed and running jobs are left alone. */
  async sweep(): Promise<number> {
    const { queue, runner, jobName, sweepIntervalMs, payload, jobOptions } = this.options;
    let enqueued = 0;
    for (const id of await runner.unsettled(sweepIntervalMs / 1000, SWEEP_BATCH)) {
      const state = await queue.getJobState(id);
      if (state === 'unknown') {
        await queue.add(jobName, payload(id), { jobId: id, ...jobOptions });
        enqueued++;
      } else if (state === 'failed') {
        await runner.abandon(id);
      }
    }
    return enqueued;
  }
}
