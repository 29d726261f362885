import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { QUEUE } from '@app/queue';
import { MetricsRegistry } from './metrics-registry';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A scrape must answer even while Redis does not. */
const COUNT_TIMEOUT_MS = 1000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Jobs per queue and state, read from Redis when Prometheus scrapes (no polling). A queue whose
 * counts cannot be read is left out of that scrape rather than reported with stale numbers.
 */
@Injectable()
export class QueueDepthMetrics implements OnModuleInit {
  constructor(
    private readonly registry: MetricsRegistry,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const queues = Object.values(QUEUE).map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    const gauge: Gauge<'queue' | 'state'> = new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed), read on scrape.',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      collect: async () => {
        await Promise.all(
          queues.map(async (queue) => {
            try {
              const counts = await withTimeout(queue.getJobCounts(...STATES), COUNT_TIMEOUT_MS);
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
