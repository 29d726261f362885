import {
  Column,
  CreateDateColumn,
  Entity,
  Generated,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ApiKey } from '@app/workspace';

/** `cancelled`: an advanced endpoint was deleted or disabled before the delivery finished. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The basic configuration's two URLs, an advanced endpoint (`endpointId`), or a review workflow execution's own receiver. */
export type DeliveryTarget = 'raw' | 'processed' | 'endpoint' | 'execution';

/**
 * One notification to one URL. The id is the BullMQ job id and the `webhook-id` header, so it is the
 * same on every attempt. Organization and document ids are plain columns a document migration can re-key.
 */
@Entity('webhook_delivery')
// The erasure walk goes by insertion order; the delivery log by time, then insertion order (docs/events.md "Delivery log").
@Index(['apiKeyId', 'seq'])
@Index('IDX_webhook_delivery_log', ['apiKeyId', 'createdAt', 'seq'])
@Index('IDX_webhook_delivery_endpoint', ['apiKeyId', 'endpointId', 'createdAt', 'seq'], {
  where: 'endpoint_id IS NOT NULL',
})
@Index('IDX_webhook_delivery_failed', ['apiKeyId', 'createdAt', 'seq'], { where: `status = 'failed'` })
@Index(['apiKeyId', 'organizationId', 'documentId'])
// The GDPR erasure deletes an event once no delivery refers to it.
@Index('IDX_webhook_delivery_event', ['eventId'])
@Index('IDX_webhook_delivery_due', ['nextAttemptAt'], { where: `status = 'pending'` })
export class WebhookDelivery {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  /** Insertion order, the keyset of the delivery log. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'event_id', type: 'text', collation: 'C' })
  eventId: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @Column({ type: 'text' })
  event: string;

  @Column({ type: 'text' })
  target: DeliveryTarget;

  /** The advanced endpoint delivered to; null for the basic configuration's URLs. Not a foreign key: the log outlives the endpoint. */
  @Column({ name: 'endpoint_id', type: 'text', collation: 'C', nullable: true })
  endpointId: string | null;

  @Column({ type: 'text' })
  url: string;

  /** An execution receiver's secret (AES-GCM under SECRET_KEY): the delivery signs with it; null for every other target. */
  @Column({ name: 'secret_ciphertext', type: 'text', nullable: true })
  secretCiphertext: string | null;

  /** The notification before encoding or encryption, which happen per attempt with the current key. */
  @Column({ type: 'jsonb' })
  payload: object;

  @Column({ type: 'text', default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'last_http_status', type: 'int', nullable: true })
  lastHttpStatus: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
