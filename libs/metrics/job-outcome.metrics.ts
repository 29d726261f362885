import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Job } from 'bullmq';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

const OUTCOMES = ['completed', 'retried', 'failed'] as const;

/**
 * Outcomes of the jobs this worker process ran, per queue: completed, retried (an attempt failed
 * and another is scheduled) or failed (no attempt left). Attached to every processor's BullMQ worker.
 */
@Injectable()
export class JobOutcomeMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly registry: MetricsRegistry,
    private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    const outcomes = new Counter({
      name: 'queue_job_outcomes_total',
      help: 'Jobs run by this worker, by queue and outcome (completed, retried, failed).',
      labelNames: ['queue', 'outcome'] as const,
      registers: [this.registry],
    });
    for (const { instance } of this.discovery.getProviders()) {
      if (!(instance instanceof WorkerHost)) continue;
      const worker = instance.worker;
      const queue = worker.name;
      for (const outcome of OUTCOMES) outcomes.inc({ queue, outcome }, 0);
      worker.on('completed', () => outcomes.inc({ queue, outcome: 'completed' }));
      // BullMQ stamps finishedOn only when the job moved to the failed set, not when it will run again.
      worker.on('failed', (job: Job | undefined) => outcomes.inc({ queue, outcome: job?.finishedOn ? 'failed' : 'retried' }));
    }
  }
}
