import { Module } from '@nestjs/common';
import { CommentController } from './comment.controller';
import { CommentModule } from './comment.module';

@Module({ imports: [CommentModule], controllers: [CommentController] })
export class CommentHttpModule {}
