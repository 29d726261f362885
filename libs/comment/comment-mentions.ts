import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserService } from '@app/user';
import { CommentView } from './comment-views';
import { CommentUser, TaggedUserContact } from './entities/comment-user';

/**
 * Group @-mentions (our extension; Velt documents no REST shape for them): a tag naming an
 * organization user group stands for its members, so the comment's tagged contacts (`to`) that
 * webhooks carry list them after the users tagged by name.
 */
@Injectable()
export class CommentMentions {
  constructor(private readonly users: UserService) {}

  async withGroupMembers(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    comment: CommentView | null,
  ): Promise<CommentView | null> {
    const tags = (comment?.taggedUserContacts ?? []) as TaggedUserContact[];
    const groupIds = [
      ...new Set(
        tags.flatMap((tag) => (tag.organizationUserGroupId === undefined ? [] : [tag.organizationUserGroupId])),
      ),
    ];
    if (comment === null || groupIds.length === 0) return comment;
    const named = (comment.to ?? []) as CommentUser[];
    const seen = new Set(named.map((user) => user.userId));
    const members = await this.users.groupContacts(manager, apiKeyId, organizationId, groupIds);
    return { ...comment, to: [...named, ...members.filter((member) => !seen.has(member.userId))] };
  }
}
