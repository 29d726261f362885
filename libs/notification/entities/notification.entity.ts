import { Column, CreateDateColumn, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/** A user as a notification names them (Velt's User). */
export interface NotificationPerson {
  userId: string;
  name?: string;
  email?: string;
}

/** One in-app notification of an organization (Velt's Notification). Follows its document on re-key and goes with it. */
@Entity('notification')
@Index(['apiKeyId', 'organizationId', 'seq'])
@Index(['apiKeyId', 'organizationId', 'documentId', 'seq'])
/** Expression index TypeORM cannot declare (migration NotificationActors): the notifications a user caused, for GDPR erasure. */
@Index('IDX_notification_action_user', { synchronize: false })
export class Notification {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  /** Velt's `notificationId`: given by the caller or generated. */
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  /** Creation order: the keyset of paged reads and the order of `timestamp`. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'location_id', type: 'text', collation: 'C', nullable: true })
  locationId: string | null;

  @Column({ name: 'action_user', type: 'jsonb', nullable: true })
  actionUser: NotificationPerson | null;

  @Column({ name: 'headline_template', type: 'text', nullable: true })
  headlineTemplate: string | null;

  @Column({ name: 'headline_template_data', type: 'jsonb', nullable: true })
  headlineTemplateData: Record<string, unknown> | null;

  @Column({ name: 'body_message', type: 'text', nullable: true })
  bodyMessage: string | null;

  @Column({ type: 'text' })
  source: string;

  @Column({ name: 'source_data', type: 'jsonb', nullable: true })
  sourceData: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  /** Velt's `notifyAll`: every user of the organization sees it, not only the listed recipients. */
  @Column({ name: 'notify_all', type: 'boolean' })
  notifyAll: boolean;

  @Column({ name: 'resolver_used', type: 'boolean', default: false })
  resolverUsed: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
