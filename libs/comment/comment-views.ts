import { CommentAnnotation } from './entities/comment-annotation.entity';
import { CommentReaction } from './entities/comment-reaction.entity';
import { CommentUser, TaggedUserContact } from './entities/comment-user';
import { CommentEntity } from './entities/comment.entity';

/** Velt's ReactionAnnotation, one per icon: our reactions in Velt's shape (reactions are our extension). */
export interface ReactionView {
  type: 'reaction';
  icon: string;
  commentAnnotationId: string;
  fromUsers: Array<{ from: CommentUser; lastUpdated: number }>;
  lastUpdated: number;
}

/** Velt's Comment. Timestamps as Velt's get routes answer them: `createdAt` in ms, `lastUpdated` ISO 8601. */
export type CommentView = Record<string, unknown> & { commentId: number; commentText: string };

/** Velt's CommentAnnotation, with its comments nested and ms timestamps. */
export type AnnotationView = Record<string, unknown> & { annotationId: string; comments: CommentView[] };

/** Keys with null or undefined values are left out, as Velt's documents leave out absent fields. */
function compact<T extends Record<string, unknown>>(view: T): T {
  for (const key of Object.keys(view)) if (view[key] === null || view[key] === undefined) delete view[key];
  return view;
}

export function commentView(row: CommentEntity, reactions: CommentReaction[] = []): CommentView {
  const byIcon = new Map<string, CommentReaction[]>();
  for (const reaction of reactions) byIcon.set(reaction.icon, [...(byIcon.get(reaction.icon) ?? []), reaction]);
  const reactionAnnotations: ReactionView[] = [...byIcon].map(([icon, rows]) => ({
    type: 'reaction',
    icon,
    commentAnnotationId: row.annotationId,
    fromUsers: rows.map((r) => ({ from: r.user, lastUpdated: r.createdAt.getTime() })),
    lastUpdated: Math.max(...rows.map((r) => r.createdAt.getTime())),
  }));
  return compact({
    commentId: Number(row.id),
    type: 'text',
    status: row.updatedAt.getTime() > row.createdAt.getTime() ? 'updated' : 'added',
    isDraft: false,
    commentText: row.text,
    commentHtml: row.html,
    from: row.from,
    to: row.taggedUserContacts.flatMap((tag) =>
      tag.userId === undefined ? [] : [tag.contact ?? { userId: tag.userId }],
    ),
    taggedUserContacts: row.taggedUserContacts,
    attachments: row.attachments,
    context: row.context,
    agent: row.agent,
    sourceType: row.agent ? 'agent' : undefined,
    createdAt: row.createdAt.getTime(),
    lastUpdated: row.updatedAt.toISOString(),
    reactionAnnotationIds: [],
    reactionAnnotations,
  });
}

export function annotationView(row: CommentAnnotation, comments: CommentView[]): AnnotationView {
  const rootAgent = comments[0]?.agent;
  const mentioned = [
    ...new Set(
      comments.flatMap((c) =>
        (c.taggedUserContacts as TaggedUserContact[]).flatMap((t) => (t.userId === undefined ? [] : [t.userId])),
      ),
    ),
  ];
  return compact({
    annotationId: row.id,
    type: row.type,
    commentType: row.commentType,
    createdAt: row.createdAt.getTime(),
    lastUpdated: row.updatedAt.getTime(),
    from: row.createdBy,
    status: row.status,
    priority: row.priority,
    assignedTo: row.assignedTo,
    location: row.location,
    targetElement: row.targetElement,
    targetElementId: typeof row.targetElement?.elementId === 'string' ? row.targetElement.elementId : undefined,
    context: row.context,
    suggestion: row.suggestion,
    visibilityConfig: row.visibility ?? { type: 'public' },
    subscribedUsers: row.subscribedUsers,
    unsubscribedUsers: row.unsubscribedUsers,
    resolvedByUserId: row.resolvedByUserId,
    statusUpdatedByUserId: row.statusUpdatedByUserId,
    sourceType: rootAgent ? 'agent' : row.sourceType,
    agent: rootAgent,
    mentionedUserIds: mentioned,
    metadata: { apiKey: row.apiKeyId, organizationId: row.organizationId, documentId: row.documentId },
    comments,
  });
}
