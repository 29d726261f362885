import { Column, CreateDateColumn, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';
import { AnnotationPriority, AnnotationStatus, CommentUser } from './comment-user';

/** A comment thread on a document. ON UPDATE CASCADE lets a document migration re-key it with one UPDATE. */
@Entity('comment_annotation')
@Index(['apiKeyId', 'organizationId', 'documentId', 'seq'])
export class CommentAnnotation {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  /** Creation order, the keyset of paged reads. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ type: 'text', default: 'open' })
  status: AnnotationStatus;

  @Column({ type: 'text', nullable: true })
  priority: AnnotationPriority | null;

  @Column({ name: 'assigned_to', type: 'jsonb', nullable: true })
  assignedTo: CommentUser | null;

  @Column({ name: 'created_by', type: 'jsonb', nullable: true })
  createdBy: CommentUser | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
