import { Injectable, OnModuleInit } from '@nestjs/common';
import { Job } from 'bullmq';
import { Counter } from 'prom-client';
import { WorkerRegistry } from '@app/queue';
import { MetricsRegistry } from './metrics-registry';

const OUTCOMES = ['completed', 'retried', 'failed'] as const;

/**
 * Outcomes of the jobs this worker process ran, per queue: completed, retried (an attempt failed
 * and another is scheduled) or failed (no attempt left). Attached to every worker the registry starts.
 */
@Injectable()
export class JobOutcomeMetrics implements OnModuleInit {
  constructor(
    private readonly registry: MetricsRegistry,
    private readonly workers: WorkerRegistry,
  ) {}

  /** Before onApplicationBootstrap, when the workers start, so no outcome goes uncounted. */
  onModuleInit(): void {
    const outcomes = new Counter({
      name: 'queue_job_outcomes_total',
      help: 'Jobs run by this worker, by queue and outcome (completed, retried, failed).',
      labelNames: ['queue', 'outcome'] as const,
      registers: [this.registry],
    });
    this.workers.watch((worker) => {
      const queue = worker.name;
      for (const outcome of OUTCOMES) outcomes.inc({ queue, outcome }, 0);
      worker.on('completed', () => outcomes.inc({ queue, outcome: 'completed' }));
      // BullMQ stamps finishedOn only when the job moved to the failed set, not when it will run again.
      worker.on('failed', (job: Job | undefined) =>
        outcomes.inc({ queue, outcome: job?.finishedOn ? 'failed' : 'retried' }),
      );
    });
  }
}
