import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

@ApiTags('operations')
@Controller()
export class MetricsController {
  constructor(private readonly registry: MetricsRegistry) {}

  @Get('/metrics')
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({ description: 'Prometheus text exposition format.' })
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
