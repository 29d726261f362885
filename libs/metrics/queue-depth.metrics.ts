import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { QUEUE } from '@app/queue';
import { MetricsRegistry } from './metrics-registry';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Jobs per queue and state, read from Redis when Prometheus scrapes (no polling). A queue whose
 * counts cannot be read is left out of that scrape rather than reported with stale numbers; the
 * API's producer connection fails fast, so a scrape answers even while Redis does not.
 */
@Injectable()
export class QueueDepthMetrics implements OnModuleInit {
  constructor(
    private readonly registry: MetricsRegistry,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const queues = Object.values(QUEUE).map((name) =>
      this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }),
    );
    const gauge: Gauge<'queue' | 'state'> = new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed), read on scrape.',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      collect: async () => {
        await Promise.all(
          queues.map(async (queue) => {
            try {
              const counts = await queue.getJobCounts(...STATES);
              for (const state of STATES) gauge.set({ queue: queue.name, state }, counts[state] ?? 0);
            } catch {
              for (const state of STATES) gauge.remove({ queue: queue.name, state });
            }
          }),
        );
      },
    });
  }
}
