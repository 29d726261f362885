import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ApiError, assertUniqueIds, BatchItem, item } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { CommentMentions } from './comment-mentions';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { annotationViewsOf, documentNameOf } from './comment-store';
import { ReactionsDto } from './dto/comments.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentEntity } from './entities/comment.entity';

/** Reactions of the `from` user on one comment, one result per icon (our extension; Velt has no reaction routes). */
@Injectable()
export class CommentReactionService {
  constructor(
    private readonly feed: CommentFeed,
    private readonly access: CommentAccess,
    private readonly documents: DocumentDirectoryService,
    private readonly mentions: CommentMentions,
  ) {}

  add(apiKeyId: string, dto: ReactionsDto, actor?: EndUserActor): Promise<BatchItem[]> {
    return this.change(apiKeyId, dto, 'add', actor);
  }

  delete(apiKeyId: string, dto: ReactionsDto, actor?: EndUserActor): Promise<BatchItem[]> {
    return this.change(apiKeyId, dto, 'delete', actor);
  }

  private async change(
    apiKeyId: string,
    dto: ReactionsDto,
    action: 'add' | 'delete',
    actor?: EndUserActor,
  ): Promise<BatchItem[]> {
    const from = dto.from;
    if (!from) throw ApiError.invalid('data.from is required.');
    assertUniqueIds(dto.icons, (i) => `data.icons[${i}]`);
    const { organizationId, documentId, annotationId } = dto;
    const commentId = String(dto.commentId);
    const key = { apiKeyId, organizationId, documentId, annotationId, commentId };
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed) => {
      await this.access.check(manager, apiKeyId, dto, from, 'write', actor);
      const annotation = await manager.findOne(CommentAnnotation, {
        where: { apiKeyId, organizationId, documentId, id: annotationId },
      });
      if (!annotation) throw ApiError.notFound('Annotation does not exist.');
      const comment = await manager.findOne(CommentEntity, {
        where: { apiKeyId, organizationId, documentId, annotationId, id: commentId },
      });
      if (!comment) throw ApiError.notFound('Comment does not exist.');
      const query =
        action === 'add'
          ? manager
              .createQueryBuilder()
              .insert()
              .into(CommentReaction)
              .values(dto.icons.map((icon) => ({ ...key, userId: from.userId, icon, user: from })))
              .orIgnore()
          : manager
              .createQueryBuilder()
              .delete()
              .from(CommentReaction)
              .where({ ...key, userId: from.userId, icon: In(dto.icons) });
      const result = await query.returning(['icon']).execute();
      const touched = new Set((result.raw as Array<{ icon: string }>).map((row) => row.icon));
      if (touched.size > 0)
        changed({
          organizationId,
          documentId,
          annotationId,
          kind: action === 'add' ? 'reaction_added' : 'reaction_removed',
          commentId: dto.commentId,
        });
      if (dto.triggerNotification && touched.size > 0) {
        const [view] = await annotationViewsOf(manager, [annotation]);
        const target = await this.mentions.withGroupMembers(
          manager,
          apiKeyId,
          organizationId,
          view.comments.find((c) => c.commentId === dto.commentId) ?? null,
        );
        const documentName = await documentNameOf(manager, this.documents, apiKeyId, organizationId, documentId);
        const trigger = action === 'add' ? 'comment.reaction_add' : 'comment.reaction_delete';
        for (const icon of dto.icons.filter((i) => touched.has(i))) {
          emit({
            trigger,
            organizationId,
            documentId,
            documentName,
            actionUser: from,
            annotation: view,
            comment: target,
            change: { reaction: { icon, user: from } },
          });
        }
      }
      return dto.icons.map((icon) => {
        if (action === 'add')
          return touched.has(icon)
            ? item(icon, true, 'Reaction added.')
            : item(icon, false, 'Reaction already exists.');
        return item(icon, true, touched.has(icon) ? 'Reaction deleted.' : 'Reaction does not exist.');
      });
    });
  }
}
