import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '@app/metrics';

/**
 * Unexpected errors thrown by a socket or sync handler: logged with the event and the connection,
 * counted in `realtime_handler_errors_total{event}`, and never allowed to leave the handler, so no
 * input from a browser stops the process.
 */
@Injectable()
export class RealtimeHandlerErrors {
  private readonly logger = new Logger('Realtime');
  private readonly counter: Counter<'event'>;

  constructor(metrics: MetricsRegistry) {
    this.counter = new Counter({
      name: 'realtime_handler_errors_total',
      help: 'Unexpected errors in socket and sync handlers, by event; each was contained and the instance kept serving.',
      labelNames: ['event'],
      registers: [metrics],
    });
  }

  record(options: { event: string; connectionId: string; error: unknown; errorId?: string }): void {
    this.counter.inc({ event: options.event });
    this.logger.error(
      { err: options.error, event: options.event, connectionId: options.connectionId, errorId: options.errorId },
      'Unexpected realtime handler error',
    );
  }
}
