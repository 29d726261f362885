import { Injectable } from '@nestjs/common';
import { ApiError, assertUniqueIds, BatchItem, item } from '@app/common';
import { CommentMentions } from './comment-mentions';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { CommentStore } from './comment-store';
import { ReactionsDto } from './dto/comments.dto';

/** Reactions of the `from` user on one comment, one result per icon (our extension; Velt has no reaction routes). */
@Injectable()
export class CommentReactionService {
  constructor(
    private readonly feed: CommentFeed,
    private readonly access: CommentAccess,
    private readonly mentions: CommentMentions,
    private readonly store: CommentStore,
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
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.access.check(manager, apiKeyId, dto, from, 'write', actor);
      const found = await this.store.reactionTarget(manager, apiKeyId, dto, dto.commentId);
      if (!found.annotation) throw ApiError.notFound('Annotation does not exist.');
      if (!found.comment) throw ApiError.notFound('Comment does not exist.');
      const touched = await this.store.changeReactions(manager, apiKeyId, dto, dto.commentId, from, dto.icons, action);
      if (touched.size > 0)
        changed({
          organizationId,
          documentId,
          annotationId,
          kind: action === 'add' ? 'reaction_added' : 'reaction_removed',
          commentId: dto.commentId,
        });
      if (dto.triggerNotification && touched.size > 0) {
        const [thread] = await flush();
        const target = await this.mentions.withGroupMembers(
          manager,
          apiKeyId,
          organizationId,
          thread.view.comments.find((c) => c.commentId === dto.commentId) ?? null,
        );
        const trigger = action === 'add' ? 'comment.reaction_add' : 'comment.reaction_delete';
        for (const icon of dto.icons.filter((i) => touched.has(i))) {
          emit({
            trigger,
            organizationId,
            documentId,
            documentName: thread.documentName,
            actionUser: from,
            annotation: thread.view,
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
