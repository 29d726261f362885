import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CommentEntity } from './comment.entity';
import { CommentUser } from './comment-user';

/** One user's reaction (an icon) on a comment; a user reacts with a given icon at most once. */
@Entity('comment_reaction')
@Index('IDX_comment_reaction_user', ['apiKeyId', 'userId'])
export class CommentReaction {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ name: 'annotation_id', type: 'text', collation: 'C' })
  annotationId: string;

  @PrimaryColumn({ name: 'comment_id', type: 'bigint' })
  commentId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  icon: string;

  @ManyToOne(() => CommentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'documentId' },
    { name: 'annotation_id', referencedColumnName: 'annotationId' },
    { name: 'comment_id', referencedColumnName: 'id' },
  ])
  comment?: CommentEntity;

  @Column({ name: 'user', type: 'jsonb' })
  user: CommentUser;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
