export * from './comment-annotation-query.service';
export * from './comment-annotation.service';
export * from './comment-reaction.service';
export * from './comment-user-data.service';
export * from './comment.module';
export * from './comment.service';
export * from './entities';
