import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/common';
import { CommentAccess, EndUserActor } from './comment-access';
import { CommentFeed } from './comment-feed';
import { CommentStore, ThreadKey } from './comment-store';
import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentUser, ThreadSubscription } from './entities/comment-user';

/** The key of a user's entry in Velt's subscribedUsers and unsubscribedUsers maps: the MD5 of their user id, in hex. */
export const userIdHash = (userId: string): string => createHash('md5').update(userId, 'utf8').digest('hex');

/** The maps with `user` moved into one of them (`subscribed` or not) and out of the other; null for an empty map. */
export function withSubscription(
  row: Pick<CommentAnnotation, 'subscribedUsers' | 'unsubscribedUsers'>,
  user: CommentUser,
  subscribed: boolean,
): Pick<CommentAnnotation, 'subscribedUsers' | 'unsubscribedUsers'> {
  const hash = userIdHash(user.userId);
  const entry: ThreadSubscription = { user, type: 'manual' };
  const into = { ...(subscribed ? row.subscribedUsers : row.unsubscribedUsers), [hash]: entry };
  const outOf = { ...(subscribed ? row.unsubscribedUsers : row.subscribedUsers) };
  delete outOf[hash];
  const rest = Object.keys(outOf).length > 0 ? outOf : null;
  return subscribed
    ? { subscribedUsers: into, unsubscribedUsers: rest }
    : { subscribedUsers: rest, unsubscribedUsers: into };
}

/**
 * A user subscribing to a thread (hearing of every reply and status change, as a participant does) or
 * unsubscribing (no longer told of replies and status changes; a mention or an assignment still reaches
 * them). Fires Velt's `comment_annotation.subscribe` / `unsubscribe` when the state changes.
 */
@Injectable()
export class CommentSubscriptionService {
  constructor(
    private readonly feed: CommentFeed,
    private readonly access: CommentAccess,
    private readonly store: CommentStore,
  ) {}

  /** Whether the state changed (subscribing twice changes it once). */
  set(apiKeyId: string, ref: ThreadKey, user: CommentUser, subscribed: boolean, actor: EndUserActor): Promise<boolean> {
    const { organizationId, documentId, annotationId } = ref;
    return this.feed.transaction(apiKeyId, actor, async (manager, emit, changed, flush) => {
      await this.access.check(manager, apiKeyId, ref, user, 'read', actor);
      const maps = await this.store.lockSubscriptions(manager, apiKeyId, ref);
      if (!maps) throw ApiError.notFound('Annotation does not exist.');
      if ((subscribed ? maps.subscribedUsers : maps.unsubscribedUsers)?.[userIdHash(user.userId)]) return false;
      await this.store.setSubscriptions(manager, apiKeyId, ref, withSubscription(maps, user, subscribed));
      changed({ organizationId, documentId, annotationId, kind: 'thread_updated' });
      const [thread] = await flush();
      emit({
        trigger: subscribed ? 'comment_annotation.subscribe' : 'comment_annotation.unsubscribe',
        organizationId,
        documentId,
        documentName: thread.documentName,
        actionUser: user,
        annotation: thread.view,
        comment: null,
      });
      return true;
    });
  }
}
