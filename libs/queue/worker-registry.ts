import { getSharedConfigToken } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Job, QueueOptions, Worker, WorkerOptions } from 'bullmq';
import { QueueName, QueueSettings } from './queues';

/** What a processor may add to the options every worker gets: a backoff strategy, a stall budget. */
export type ExtraWorkerOptions = Pick<WorkerOptions, 'settings' | 'maxStalledCount'>;

/**
 * Every BullMQ worker of this process: made the same way (the queues' root connection, settings
 * from config), watched by whoever needs to (job outcome metrics), asked for readiness, closed together.
 */
@Injectable()
export class WorkerRegistry implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerRegistry.name);
  private readonly workers: Worker[] = [];
  private readonly watchers: Array<(worker: Worker) => void> = [];

  constructor(
    @Inject(getSharedConfigToken()) private readonly root: QueueOptions,
    private readonly settings: QueueSettings,
  ) {}

  /** Whether this process serves the queue (`WORKER_QUEUES`); a processor of a queue it does not serve starts no worker. */
  serves(queue: QueueName): boolean {
    return this.settings.served.includes(queue);
  }

  /** The queues this process serves that no processor started a worker for. */
  withoutProcessor(): QueueName[] {
    const started = new Set(this.workers.map((worker) => worker.name));
    return this.settings.served.filter((queue) => !started.has(queue));
  }

  start<T>(queue: QueueName, process: (job: Job<T>) => Promise<unknown>, extra: ExtraWorkerOptions = {}): Worker<T> {
    const settings = this.settings.of(queue);
    const worker = new Worker<T>(queue, process, {
      connection: this.root.connection,
      prefix: this.root.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      ...extra,
    });
    worker.on('error', (error) => this.logger.warn(`${queue} worker: ${error.message}`));
    this.workers.push(worker as Worker);
    for (const watch of this.watchers) watch(worker as Worker);
    return worker;
  }

  /** Calls `watch` with every worker, started already or to come. */
  watch(watch: (worker: Worker) => void): void {
    this.watchers.push(watch);
    for (const worker of this.workers) watch(worker);
  }

  /** isRunning per queue: a worker that is closing, closed or whose run loop ended takes no jobs. */
  running(): Record<string, boolean> {
    return Object.fromEntries(this.workers.map((worker) => [worker.name, worker.isRunning() && !worker.closing]));
  }

  /** Runs before the database pool and Redis clients close; close() waits for the jobs that are running. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
