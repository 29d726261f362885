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
import { CommentAnnotation } from './comment-annotation.entity';
import { CommentUser, TaggedUserContact } from './comment-user';

/** A comment in an annotation (Velt's Comment); keyed under its annotation so a document re-key cascades down. */
@Entity('comment')
@Index(['apiKeyId', 'organizationId', 'documentId', 'annotationId', 'seq'])
/** Expression indexes TypeORM cannot declare (migration UserDataErasure): a user's comments, the comments tagging a user. */
@Index('IDX_comment_author', { synchronize: false })
@Index('IDX_comment_tagged_users', { synchronize: false })
export class CommentEntity {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'annotation_id', type: 'text', collation: 'C' })
  annotationId: string;

  /** Velt's numeric commentId, unique inside its annotation (PostgreSQL returns bigint as text). */
  @PrimaryColumn({ type: 'bigint' })
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

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ name: 'from_user', type: 'jsonb', nullable: true })
  from: CommentUser | null;

  @Column({ name: 'tagged_user_contacts', type: 'jsonb', default: () => "'[]'" })
  taggedUserContacts: TaggedUserContact[];

  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  attachments: Record<string, unknown>[];

  @Column({ type: 'jsonb', nullable: true })
  agent: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
