import { Module } from '@nestjs/common';
import { CommentLocationController } from './comment-location.controller';
import { CommentController } from './comment.controller';
import { CommentModule } from './comment.module';

@Module({ imports: [CommentModule], controllers: [CommentController, CommentLocationController] })
export class CommentHttpModule {}
