import { Module } from '@nestjs/common';
import { CommentChangeRetentionProcessor } from './comment-change-retention.processor';
import { CommentChangeRetentionSweeper } from './comment-change-retention.sweeper';

/** Worker side of comments: the change log's retention sweep. Imported by apps/worker only. */
@Module({
  providers: [CommentChangeRetentionProcessor, CommentChangeRetentionSweeper],
})
export class CommentWorkerModule {}
