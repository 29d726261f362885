import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '@app/metrics';
import { OnUndecodable } from './crdt-log';

/** Where a stored part was read when Yjs could not decode it. */
export type ReadOperation = 'load' | 'read' | 'compact' | 'version';

/**
 * Stored parts Yjs cannot decode (written before the sync server checked updates): each is skipped,
 * logged with its document and place, and counted in `crdt_undecodable_parts_total{operation}`.
 * `npm run crdt:repair` finds and removes them.
 */
@Injectable()
export class CrdtUndecodable {
  private readonly logger = new Logger('Crdt');
  private readonly counter: Counter<'operation'>;

  constructor(metrics: MetricsRegistry) {
    this.counter = new Counter({
      name: 'crdt_undecodable_parts_total',
      help: 'Stored CRDT parts (compacted states, logged updates) skipped because Yjs cannot decode them, by operation.',
      labelNames: ['operation'],
      registers: [metrics],
    });
  }

  reporter(operation: ReadOperation): OnUndecodable {
    return ({ key, where, bytes }) => {
      this.counter.inc({ operation });
      this.logger.warn(
        { ...key, where, bytes, operation },
        'Skipped a stored CRDT part Yjs cannot decode (npm run crdt:repair removes such parts)',
      );
    };
  }
}
