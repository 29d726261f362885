import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/**
 * The change log of a document's comments: one row per changed thread per transaction, written under
 * the document's lock so `seq` orders a document's changes by commit. Live `comment:change` events carry
 * `seq` as their cursor, and a reconnecting client catches up from it. Deleted threads keep their rows:
 * they are the tombstones a catch-up reports. Rows older than COMMENT_CHANGE_RETENTION_S are deleted by
 * the worker's sweep (CommentChangeRetentionSweeper); a catch-up from before them is answered "relist".
 */
@Entity('comment_change')
@Index('IDX_comment_change_document', ['apiKeyId', 'organizationId', 'documentId', 'seq'])
export class CommentChange {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  seq: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  @Column({ name: 'annotation_id', type: 'text', collation: 'C' })
  annotationId: string;

  @Column({ type: 'text' })
  kind: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
