import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { WebhookModule } from '@app/webhook/webhook.module';
import { CommentAccess } from './comment-access';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentWriter } from './comment-writer';
import { CommentController } from './comment.controller';
import { CommentService } from './comment.service';

@Module({
  imports: [AccessModule, WebhookModule],
  controllers: [CommentController],
  providers: [CommentAccess, CommentWriter, CommentAnnotationService, CommentService, CommentReactionService],
})
export class CommentModule {}
