import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';
import { PreferenceValue } from './notification-preference';

/** A user's settings for one document; a null channel falls back to the organization-level row. Follows the document on re-key. */
@Entity('notification_document_config')
export class NotificationDocumentConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  @Column({ type: 'text', nullable: true })
  inbox: PreferenceValue | null;

  @Column({ type: 'text', nullable: true })
  email: PreferenceValue | null;

  @Column({ type: 'text', nullable: true })
  slack: PreferenceValue | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
