import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ApiError, assertUniqueIds, BatchItem, item } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { EventOutbox } from '@app/events';
import { CommentMentions } from './comment-mentions';
import { CommentAccess } from './comment-access';
import { annotationViewsOf, documentNameOf } from './comment-store';
import { ReactionsDto } from './dto/comments.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentEntity } from './entities/comment.entity';

/** Reactions of the `from` user on one comment, one result per icon (our extension; Velt has no reaction routes). */
@Injectable()
export class CommentReactionService {
  constructor(
    private readonly events: EventOutbox,
    private readonly access: CommentAccess,
    private readonly documents: DocumentDirectoryService,
    private readonly mentions: CommentMentions,
  ) {}

  add(apiKeyId: string, dto: ReactionsDto): Promise<BatchItem[]> {
    return this.change(apiKeyId, dto, 'add');
  }

  delete(apiKeyId: string, dto: ReactionsDto): Promise<BatchItem[]> {
    return this.change(apiKeyId, dto, 'delete');
  }

  private async change(apiKeyId: string, dto: ReactionsDto, action: 'add' | 'delete'): Promise<BatchItem[]> {
    const from = dto.from;
    if (!from) throw ApiError.invalid('data.from is required.');
    assertUniqueIds(dto.icons, (i) => `data.icons[${i}]`);
    const { organizationId, documentId, annotationId } = dto;
    const commentId = String(dto.commentId);
    const key = { apiKeyId, organizationId, documentId, annotationId, commentId };
    return this.events.transaction(apiKeyId, async (manager, emit) => {
      await this.access.check(manager, apiKeyId, dto, from, 'write');
      const annotation = await manager.findOne(CommentAnnotation, { where: { apiKeyId, organizationId, documentId, id: annotationId } });
      if (!annotation) throw ApiError.notFound('Annotation does not exist.');
      const comment = await manager.findOne(CommentEntity, { where: { apiKeyId, organizationId, documentId, annotationId, id: commentId } });
      if (!comment) throw ApiError.notFound('Comment does not exist.');
      const query =
        action === 'add'
          ? manager.createQueryBuilder().insert().into(CommentReaction).values(dto.icons.map((icon) => ({ ...key, userId: from.userId, icon, user: from }))).orIgnore()
          : manager.createQueryBuilder().delete().from(CommentReaction).where({ ...key, userId: from.userId, icon: In(dto.icons) });
      const result = await query.returning(['icon']).execute();
      const changed = new Set((result.raw as Array<{ icon: string }>).map((row) => row.icon));
      if (dto.triggerNotification && changed.size > 0) {
        const [view] = await annotationViewsOf(manager, [annotation]);
        const target = await this.mentions.withGroupMembers(manager, apiKeyId, organizationId, view.comments.find((c) => c.commentId === dto.commentId) ?? null);
        const documentName = await documentNameOf(manager, this.documents, apiKeyId, organizationId, documentId);
        const trigger = action === 'add' ? 'comment.reaction_add' : 'comment.reaction_delete';
        for (const icon of dto.icons.filter((i) => changed.has(i))) {
          emit({ trigger, organizationId, documentId, documentName, actionUser: from, annotation: view, comment: target, change: { reaction: { icon, user: from } } });
        }
      }
      return dto.icons.map((icon) => {
        if (action === 'add') return changed.has(icon) ? item(icon, true, 'Reaction added.') : item(icon, false, 'Reaction already exists.');
        return item(icon, true, changed.has(icon) ? 'Reaction deleted.' : 'Reaction does not exist.');
      });
    });
  }
}
