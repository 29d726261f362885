import { DynamicModule, Module } from '@nestjs/common';
import { JobOutcomeMetrics } from './job-outcome.metrics';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { QueueDepthMetrics } from './queue-depth.metrics';

/** Global so any domain can register its own metrics on the process's registry. */
@Module({})
export class MetricsModule {
  /** GET /metrics and queue depth; HTTP metrics are an Express middleware installed in main.ts. */
  static forApi(): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [MetricsRegistry, QueueDepthMetrics],
      exports: [MetricsRegistry],
    };
  }

  /** Job outcomes of this worker (needs QueueModule.forWorkers()); served by the worker's health listener. */
  static forWorker(): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      providers: [MetricsRegistry, JobOutcomeMetrics],
      exports: [MetricsRegistry],
    };
  }
}
