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

/** One advanced webhook endpoint: a receiver URL with its event-type filter, rate limit and signing secret. */
@Entity('webhook_endpoint')
@Index(['apiKeyId', 'seq'])
@Index('UQ_webhook_endpoint_uid', ['apiKeyId', 'uid'], { unique: true, where: 'uid IS NOT NULL' })
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  /** Creation order, the keyset of the endpoint listing. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Null: every event type. */
  @Column({ name: 'filter_types', type: 'text', array: true, nullable: true })
  filterTypes: string[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  channels: string[] | null;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  /** Deliveries per second; null: unlimited. */
  @Column({ name: 'rate_limit', type: 'int', nullable: true })
  rateLimit: number | null;

  @Column({ type: 'text', nullable: true })
  uid: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, string> | null;

  /** `whsec_…` under AES-GCM with SECRET_KEY, like the webhook auth token. */
  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;

  /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
  @Column({ name: 'previous_secret_ciphertext', type: 'text', nullable: true })
  previousSecretCiphertext: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
