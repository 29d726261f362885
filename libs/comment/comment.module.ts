import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '@app/access';
import { CommentAccess } from './comment-access';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentReactionService } from './comment-reaction.service';
import { CommentService } from './comment.service';
import { COMMENT_ENTITIES } from './entities';

@Module({
  imports: [TypeOrmModule.forFeature(COMMENT_ENTITIES), AccessModule],
  providers: [CommentAccess, CommentAnnotationService, CommentService, CommentReactionService],
  exports: [CommentAnnotationService, CommentService, CommentReactionService],
})
export class CommentModule {}
