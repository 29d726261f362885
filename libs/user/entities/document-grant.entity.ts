import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';
import type { AccessRole } from '@app/resource';

/**
 * A user's role on one document. ON UPDATE CASCADE: document migration re-keys the
 * document with one UPDATE and its grants must follow.
 */
@Entity('document_grant')
@Index(['apiKeyId', 'organizationId', 'userId'])
export class DocumentGrant {
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

  @Column({ name: 'access_role', type: 'text' })
  accessRole: AccessRole;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
