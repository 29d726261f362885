import { Column, CreateDateColumn, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CommentAnnotation } from './comment-annotation.entity';
import { CommentUser } from './comment-user';

/** A comment in an annotation; keyed under its annotation so a document re-key cascades down. */
@Entity('comment')
@Index(['apiKeyId', 'organizationId', 'documentId', 'annotationId', 'seq'])
export class CommentEntity {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'annotation_id', type: 'text', collation: 'C' })
  annotationId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @ManyToOne(() => CommentAnnotation, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'documentId' },
    { name: 'annotation_id', referencedColumnName: 'id' },
  ])
  annotation?: CommentAnnotation;

  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'from_user', type: 'jsonb', nullable: true })
  from: CommentUser | null;

  @Column({ name: 'to_contacts_tagged', type: 'jsonb', default: () => "'[]'" })
  toContactsTagged: CommentUser[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
