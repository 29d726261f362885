import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CommentAnnotation } from './comment-annotation.entity';

/** When a user last read a thread: the thread is unread for them once it changes after `readAt`. */
@Entity('comment_read')
@Index('IDX_comment_read_user', ['apiKeyId', 'userId'])
export class CommentRead {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'annotation_id', type: 'text', collation: 'C' })
  annotationId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => CommentAnnotation, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'documentId' },
    { name: 'annotation_id', referencedColumnName: 'id' },
  ])
  annotation?: CommentAnnotation;

  @Column({ name: 'read_at', type: 'timestamptz' })
  readAt: Date;
}
