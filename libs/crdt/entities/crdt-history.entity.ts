import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/**
 * An editor's change history: compaction moves the updates it folds out of `crdt_update` into here,
 * consecutive updates of one user merged into one row, so versions can be rebuilt and changes
 * attributed after the log is gone. Follows the document through migration and goes with it.
 */
@Entity('crdt_history')
@Index('IDX_crdt_history_editor', ['apiKeyId', 'organizationId', 'documentId', 'editorId', 'id'])
// The rows a user is named in: what users/data/get lists and users/data/delete anonymizes.
@Index('IDX_crdt_history_user', ['apiKeyId', 'userId', 'organizationId'], { where: 'user_id IS NOT NULL' })
export class CrdtHistory {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @Column({ name: 'editor_id', type: 'text', collation: 'C' })
  editorId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  @Column({ type: 'bytea' })
  data: Buffer;

  /** Null for REST writes, the state the history started from, and users erased under GDPR. */
  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @Column({ name: 'first_at', type: 'timestamptz' })
  firstAt: Date;

  @Column({ name: 'last_at', type: 'timestamptz' })
  lastAt: Date;
}
