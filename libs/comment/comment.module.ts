import { Module } from '@nestjs/common';
import { AccessModule } from '@app/access';
import { CommentAccess } from './comment-access';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentController } from './comment.controller';
import { CommentService } from './comment.service';

@Module({
  imports: [AccessModule],
  controllers: [CommentController],
  providers: [CommentAccess, CommentAnnotationService, CommentService, CommentReactionService],
})
export class CommentModule {}
