import { Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';

/** The request and response of one attempt, kept whole up to these sizes (the rest is cut off, marked `…`). */
export const ATTEMPT_REQUEST_BODY_MAX_BYTES = 16 * 1024;
export const ATTEMPT_RESPONSE_BODY_MAX_BYTES = 4 * 1024;

/**
 * One HTTP attempt of a delivery: what was sent and what came back, for the delivery log (docs/events.md
 * "Delivery log"). Written by the statement that records the attempt on its delivery, so a delivery's
 * `attempts` and its rows agree; deleted with the delivery (GDPR erasure).
 */
@Entity('webhook_attempt')
@Index(['deliveryId', 'seq'])
export class WebhookAttempt {
  @PrimaryColumn({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'delivery_id', type: 'text', collation: 'C' })
  deliveryId: string;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: WebhookDelivery;

  /** The delivery's attempt count after this one (a replay starts counting again at 1). */
  @Column({ type: 'int' })
  attempt: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs: number;

  @Column({ type: 'text' })
  url: string;

  /** As sent, with `authorization` masked: it carries the basic configuration's auth token. */
  @Column({ name: 'request_headers', type: 'jsonb' })
  requestHeaders: Record<string, string>;

  @Column({ name: 'request_body', type: 'text' })
  requestBody: string;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_headers', type: 'jsonb', nullable: true })
  responseHeaders: Record<string, string> | null;

  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  /** No response: the target was refused, the connection failed or nothing came back in time. */
  @Column({ type: 'text', nullable: true })
  error: string | null;
}
