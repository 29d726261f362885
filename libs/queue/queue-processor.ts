import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { QueueName } from './queues';
import { ExtraWorkerOptions, WorkerRegistry } from './worker-registry';

/**
 * Base of every processor (Novu's worker base): the worker is made by the WorkerRegistry once the
 * application has bootstrapped, never in a constructor, with concurrency and lock timings from config;
 * the registry reports its readiness and closes it gracefully. A subclass names its queue and processes a job;
 * in a worker whose WORKER_QUEUES leaves its queue out it does nothing.
 */
export abstract class QueueProcessor<T> implements OnApplicationBootstrap {
  @Inject(WorkerRegistry) private readonly registry: WorkerRegistry;

  protected abstract readonly queueName: QueueName;

  abstract process(job: Job<T>): Promise<unknown>;

  /** Options this queue adds to the common ones. */
  protected extraOptions(): ExtraWorkerOptions {
    return {};
  }

  /** Recurring jobs (sweeps); upserting a scheduler id is idempotent, so every worker may do it. */
  protected async schedule(): Promise<void> {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.registry.serves(this.queueName)) return;
    this.registry.start<T>(this.queueName, (job) => this.process(job), this.extraOptions());
    await this.schedule();
  }
}
