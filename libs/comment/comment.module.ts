import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '@app/access';
import { DocumentModule } from '@app/document';
import { UserContactsModule, UserModule } from '@app/user';
import { CommentAccess } from './comment-access';
import { ClientComments } from './comment-client.service';
import { CommentFeed } from './comment-feed';
import { CommentAnnotationQueryService } from './comment-annotation-query.service';
import { CommentAnnotationService } from './comment-annotation.service';
import { CommentLocationService } from './comment-location.service';
import { CommentMentions } from './comment-mentions';
import { CommentReactionService } from './comment-reaction.service';
import { CommentService } from './comment.service';
import { CommentStore } from './comment-store';
import { CommentSubscriptionService } from './comment-subscription.service';
import { CommentUserData } from './comment-user-data.service';
import { COMMENT_ENTITIES } from './entities';

@Module({
  imports: [TypeOrmModule.forFeature(COMMENT_ENTITIES), AccessModule, DocumentModule, UserModule, UserContactsModule],
  providers: [
    CommentAccess,
    CommentFeed,
    CommentStore,
    CommentMentions,
    CommentLocationService,
    CommentAnnotationService,
    CommentAnnotationQueryService,
    CommentService,
    CommentReactionService,
    CommentSubscriptionService,
    CommentUserData,
    ClientComments,
  ],
  exports: [
    ClientComments,
    CommentLocationService,
    CommentAnnotationService,
    CommentAnnotationQueryService,
    CommentService,
    CommentReactionService,
    CommentUserData,
  ],
})
export class CommentModule {}
