import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsRegistry } from '@app/metrics';

/** Why the server closed a document's sync connection (`collab_connections_closed_total{reason}`). */
type PersistOperation = 'append' | 'compact' | 'load';

export type CloseReason =
  | 'access-revoked'
  | 'token-expired'
  | 'update-too-large'
  | 'document-too-large'
  | 'rate-limited'
  | 'storage-failed'
  | 'invalid-update'
  | 'malformed-message'
  | 'awareness-too-large'
  | 'awareness-too-many-clients'
  | 'awareness-not-owned'
  | 'internal-error';

/** CRDT sync in /metrics: connections and documents held, updates, persistence latency, closes. */
@Injectable()
export class CollabMetrics {
  /** Updates stored and refused: children of `collab_updates_total`, looked up once. */
  readonly stored: { inc(): void };
  readonly refused: { inc(): void };
  readonly persistSeconds: Histogram<'operation'>;
  readonly closed: Counter<'reason'>;
  /** Label children looked up once: `append` is timed for every update. */
  private readonly persistTimers: Record<PersistOperation, { startTimer(): () => void }>;

  constructor(private readonly registry: MetricsRegistry) {
    const updates = new Counter({
      name: 'collab_updates_total',
      help: 'Yjs updates received from sync connections, by outcome (stored, refused).',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.stored = updates.labels('stored');
    this.refused = updates.labels('refused');
    this.persistSeconds = new Histogram({
      name: 'collab_persist_seconds',
      help: 'PostgreSQL time of CRDT persistence: append (an update, before it is acknowledged), compact, load.',
      labelNames: ['operation'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    this.persistTimers = {
      append: this.persistSeconds.labels('append'),
      compact: this.persistSeconds.labels('compact'),
      load: this.persistSeconds.labels('load'),
    };
    this.closed = new Counter({
      name: 'collab_connections_closed_total',
      help: 'Document sync connections the server closed, by reason.',
      labelNames: ['reason'],
      registers: [registry],
    });
  }

  /** Gauges read off the sync server when /metrics is scraped. */
  observe(server: { getConnectionsCount(): number; getDocumentsCount(): number }): void {
    const connections: Gauge = new Gauge({
      name: 'collab_connections',
      help: 'CRDT sync connections (WebSockets and server-side) open on this API instance.',
      registers: [this.registry],
      collect: () => connections.set(server.getConnectionsCount()),
    });
    const documents: Gauge = new Gauge({
      name: 'collab_documents',
      help: 'CRDT documents loaded in memory on this API instance.',
      registers: [this.registry],
      collect: () => documents.set(server.getDocumentsCount()),
    });
  }

  async time<T>(operation: PersistOperation, work: () => Promise<T>): Promise<T> {
    const end = this.persistTimers[operation].startTimer();
    try {
      return await work();
    } finally {
      end();
    }
  }
}
