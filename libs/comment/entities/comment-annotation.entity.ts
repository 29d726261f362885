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
import { DocumentEntity } from '@app/document';
import { CommentPriority, CommentStatus, CommentUser, ThreadSubscription } from './comment-user';

/** A comment thread on a document (Velt's CommentAnnotation). ON UPDATE CASCADE lets a document migration re-key it with one UPDATE. */
@Entity('comment_annotation')
@Index(['apiKeyId', 'organizationId', 'documentId', 'seq'])
@Index('IDX_comment_annotation_updated', ['apiKeyId', 'organizationId', 'updatedAt', 'seq'])
/** Expression index TypeORM cannot declare (migration UserDataErasure): the annotations a user created. */
@Index('IDX_comment_annotation_creator', { synchronize: false })
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

  /** Creation order, the tie-breaker of paged reads. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ type: 'jsonb' })
  status: CommentStatus;

  @Column({ type: 'jsonb', nullable: true })
  priority: CommentPriority | null;

  @Column({ name: 'assigned_to', type: 'jsonb', nullable: true })
  assignedTo: CommentUser | null;

  /** Velt's `from`: who created the annotation. */
  @Column({ name: 'created_by', type: 'jsonb', nullable: true })
  createdBy: CommentUser | null;

  @Column({ type: 'jsonb', nullable: true })
  location: Record<string, unknown> | null;

  /** `location.id` (else `location.locationName`) as text: what the `locationIds` filters match. */
  @Column({ name: 'location_id', type: 'text', collation: 'C', nullable: true })
  locationId: string | null;

  @Column({ name: 'target_element', type: 'jsonb', nullable: true })
  targetElement: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  /** `comment` or `suggestion`. */
  @Column({ type: 'text', default: 'comment' })
  type: string;

  @Column({ name: 'comment_type', type: 'text', nullable: true })
  commentType: string | null;

  /** Velt's `sourceType` of a thread made by a REST route: `rest-api`; null for one made from the client plane. */
  @Column({ name: 'source_type', type: 'text', nullable: true, default: 'rest-api' })
  sourceType: string | null;

  @Column({ type: 'jsonb', nullable: true })
  suggestion: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  visibility: Record<string, unknown> | null;

  /** Velt's subscribedUsers: who chose to hear of every reply and status change, keyed by the hash of their user id. */
  @Column({ name: 'subscribed_users', type: 'jsonb', nullable: true })
  subscribedUsers: Record<string, ThreadSubscription> | null;

  /** Velt's unsubscribedUsers: who chose to stop hearing of replies and status changes (mentions still reach them). */
  @Column({ name: 'unsubscribed_users', type: 'jsonb', nullable: true })
  unsubscribedUsers: Record<string, ThreadSubscription> | null;

  @Column({ name: 'resolved_by_user_id', type: 'text', nullable: true })
  resolvedByUserId: string | null;

  @Column({ name: 'status_updated_by_user_id', type: 'text', nullable: true })
  statusUpdatedByUserId: string | null;

  /** The id the server gives the next comment of this thread; ids are never reused. */
  @Column({ name: 'next_comment_id', type: 'bigint', default: 1 })
  nextCommentId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
