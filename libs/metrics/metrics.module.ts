import { DynamicModule, Module } from '@nestjs/common';
import { JobOutcomeMetrics } from './job-outcome.metrics';
import { MetricsRegistry } from './metrics-registry';

/** Global so any domain can register its own metrics on the process's registry. */
@Module({})
export class MetricsModule {
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
