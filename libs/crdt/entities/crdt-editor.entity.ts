import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/**
 * One Yjs document: an editor (`editorId`) of a document, compacted to a single update. Updates
 * acknowledged since the last compaction wait in `crdt_update`. Follows the document through
 * migration (ON UPDATE CASCADE) and goes with it on delete.
 */
@Entity('crdt_editor')
// The editors a user last updated: what users/data/get lists and users/data/delete anonymizes.
@Index('IDX_crdt_editor_last_updated_by', ['apiKeyId', 'lastUpdatedBy', 'organizationId'], {
  where: 'last_updated_by IS NOT NULL',
})
export class CrdtEditor {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'editor_id', type: 'text', collation: 'C' })
  editorId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  /** Yjs update holding the whole document as of the last compaction. */
  @Column({ type: 'bytea' })
  state: Buffer;

  /** Declared over REST (`crdt/add`); null for documents only editors wrote, whose type is read off the content. */
  @Column({ type: 'text', nullable: true })
  type: string | null;

  @Column({ name: 'content_key', type: 'text', nullable: true })
  contentKey: string | null;

  @Column({ name: 'last_updated_by', type: 'text', nullable: true })
  lastUpdatedBy: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
