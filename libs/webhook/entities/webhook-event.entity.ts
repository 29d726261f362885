import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/**
 * One emitted trigger, written in the transaction of the change that caused it (the outbox).
 * Organization and document ids are plain columns so a document migration can re-key them.
 */
@Entity('webhook_event')
@Index(['apiKeyId', 'organizationId', 'documentId'])
export class WebhookEvent {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
