import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { QueueDepthMetrics } from './queue-depth.metrics';

/** The API's registry, GET /metrics and queue depth; HTTP metrics are an Express middleware installed in main.ts. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, QueueDepthMetrics],
  exports: [MetricsRegistry],
})
export class MetricsHttpModule {}
