import { keysetListing } from '@app/common';

/** Velt: up to 100 items per feature on each page. */
export const FEATURE_PAGE_SIZE = 100;

/**
 * The cursor of one users/data/get page token: one keyset position per paged feature. A feature
 * whose list ended holds DONE, so later pages skip it; on the first page there is no token at all.
 */
export interface UserDataCursor {
  comments: [string];
  reactions: [string, string];
  grants: [string, string];
  notifications: [string];
  activities: [string, string];
  /** The first value only says whether the list ended (DONE): document and editor ids may be any text, DONE's too. */
  crdt: [string, string, string];
  workflows: [string, string];
  /** As crdt's: the first value only says whether the list ended. */
  commentReads: [string, string, string];
  threadSubscriptions: [string];
  memory: [string, string];
  agents: [string, string];
}

/** Below every bigint keyset value we issue (seq and rank start at 1); the text part is a non-empty placeholder. */
const DONE = '-1';
const NO_TEXT = '-';

export const FIRST_PAGE: UserDataCursor = {
  comments: ['0'],
  reactions: ['0', ''],
  grants: ['0', ''],
  notifications: ['0'],
  activities: ['0', ''],
  crdt: ['0', '', ''],
  workflows: ['0', ''],
  commentReads: ['0', '', ''],
  threadSubscriptions: ['0'],
  memory: ['0', ''],
  agents: ['0', ''],
};

export const isDone = (position: readonly string[]): boolean => position[0] === DONE;
export const done = <P extends string[]>(position: P): P => position.map((_, i) => (i === 0 ? DONE : NO_TEXT)) as P;

/** The whole cursor as one keyset row, so KeysetPager signs, scopes and checks it like any listing's. */
export const USER_DATA_LISTING = keysetListing(
  'user-data',
  [
    'bigint',
    'bigint',
    'text',
    'bigint',
    'text',
    'bigint',
    'bigint',
    'text',
    'bigint',
    'text',
    'text',
    'bigint',
    'text',
    'bigint',
    'text',
    'text',
    'bigint',
    'bigint',
    'text',
    'bigint',
    'text',
  ],
  (cursor: UserDataCursor) =>
    [
      ...cursor.comments,
      ...cursor.reactions,
      ...cursor.grants,
      ...cursor.notifications,
      ...cursor.activities,
      ...cursor.crdt,
      ...cursor.workflows,
      ...cursor.commentReads,
      ...cursor.threadSubscriptions,
      ...cursor.memory,
      ...cursor.agents,
    ] as const,
);

export function cursorOf([
  comment,
  reactionSeq,
  reactionIcon,
  grantRank,
  grantId,
  notification,
  activityTime,
  activityId,
  crdtMark,
  crdtDocument,
  crdtEditor,
  workflowTime,
  workflowKey,
  readMark,
  readDocument,
  readAnnotation,
  subscriptionSeq,
  memoryTime,
  memoryKey,
  agentTime,
  agentId,
]: readonly string[]): UserDataCursor {
  return {
    comments: [comment],
    reactions: [reactionSeq, reactionIcon],
    grants: [grantRank, grantId],
    notifications: [notification],
    activities: [activityTime, activityId],
    crdt: [crdtMark, crdtDocument, crdtEditor],
    workflows: [workflowTime, workflowKey],
    commentReads: [readMark, readDocument, readAnnotation],
    threadSubscriptions: [subscriptionSeq],
    memory: [memoryTime, memoryKey],
    agents: [agentTime, agentId],
  };
}

/**
 * One feature's page: reads one item more than the page to learn whether its list goes on, and
 * answers the items with the position the next page continues from.
 */
export async function featurePage<T, P extends string[]>(
  after: P,
  read: (after: P, limit: number) => Promise<T[]>,
  positionOf: (item: T) => NoInfer<P>,
): Promise<{ items: T[]; next: P }> {
  if (isDone(after)) return { items: [], next: after };
  const rows = await read(after, FEATURE_PAGE_SIZE + 1);
  if (rows.length <= FEATURE_PAGE_SIZE) return { items: rows, next: done(after) };
  const items = rows.slice(0, FEATURE_PAGE_SIZE);
  return { items, next: positionOf(items[items.length - 1]) };
}
