import { CommentAnnotation } from './comment-annotation.entity';
import { CommentChange } from './comment-change.entity';
import { CommentChangeHorizon } from './comment-change-horizon.entity';
import { CommentRead } from './comment-read.entity';
import { CommentReaction } from './comment-reaction.entity';
import { CommentEntity } from './comment.entity';

export * from './comment-annotation.entity';
export * from './comment-change.entity';
export * from './comment-change-horizon.entity';
export * from './comment-read.entity';
export * from './comment-reaction.entity';
export * from './comment-user';
export * from './comment.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const COMMENT_ENTITIES = [
  CommentAnnotation,
  CommentReaction,
  CommentEntity,
  CommentChange,
  CommentChangeHorizon,
  CommentRead,
];
