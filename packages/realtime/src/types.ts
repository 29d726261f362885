export interface PresenceUser {
  userId: string;
  name?: string;
  email?: string;
  status?: string;
}

export interface LiveStateValue<T = Record<string, unknown>> {
  liveStateDataId: string;
  data: T;
  updatedAt?: string;
}

export interface Notification {
  id: string;
  headline?: string;
  /** The headline with `{placeholders}` naming fields of `displayHeadlineMessageTemplateData`. */
  displayHeadlineMessageTemplate?: string;
  displayHeadlineMessageTemplateData?: Record<string, unknown>;
  displayBodyMessage?: string;
  isUnread?: boolean;
  [field: string]: unknown;
}

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/** A connection's presence object: cursor, selection, typing, viewport, whatever the app puts in it. */
export type PresenceData = Record<string, unknown>;

/** Another connection in the room and the presence data it last set (`{}` before its first set). */
export interface Connection<T = PresenceData> {
  connectionId: string;
  userId: string;
  name?: string;
  data: T;
}

/** One tick of a room's presence (wire version 1): each changed connection once, with its latest data or as left. */
export interface PresenceFrame extends DocumentRef {
  v: number;
  set: Connection[];
  left: Array<{ connectionId: string; userId: string }>;
}

/** An ephemeral event another connection broadcast to the room. */
export interface RoomEvent<T = unknown> {
  connectionId: string;
  userId: string;
  event: T;
}

/** The server's `event:frame`: every event broadcast to the room in one tick, in order, the receiver's own included. */
export interface EventFrame extends DocumentRef {
  v: number;
  events: RoomEvent[];
}

/** Orders a document's comment changes by commit: a decimal integer. */
export type Cursor = string;

export interface CommentUser {
  userId: string;
  name?: string;
  email?: string;
  photoUrl?: string;
  color?: string;
}

export interface TaggedUserContact {
  userId?: string;
  contact?: CommentUser;
  text?: string;
}

/** A status or priority as Velt names them: `{id, name}` plus colours (a status also has a `type`). */
export interface CommentLabel {
  id: string;
  name: string;
  type?: 'default' | 'ongoing' | 'terminal';
  color?: string;
  lightColor?: string;
}

/** Velt's Comment, as the server answers it. */
export interface Comment {
  commentId: number;
  commentText: string;
  commentHtml?: string;
  from?: CommentUser;
  createdAt: number;
  taggedUserContacts?: TaggedUserContact[];
  reactionAnnotations?: Array<{ icon: string; fromUsers: Array<{ from: CommentUser }> }>;
  [field: string]: unknown;
}

/** Velt's CommentAnnotation: a thread with its comments, `isRead` for the asking user. */
export interface Thread {
  annotationId: string;
  createdAt: number;
  lastUpdated: number;
  from?: CommentUser;
  status?: CommentLabel;
  priority?: CommentLabel;
  assignedTo?: CommentUser;
  /** Velt's maps of who subscribed to the thread's replies, or unsubscribed, keyed by a hash of the user id. */
  subscribedUsers?: Record<string, ThreadSubscription>;
  unsubscribedUsers?: Record<string, ThreadSubscription>;
  isRead?: boolean;
  /** What the thread is about, as its author's app put it; an inline comment's `textEditorConfig` is here. */
  context?: Record<string, unknown>;
  comments: Comment[];
  [field: string]: unknown;
}

export interface ThreadSubscription {
  user: CommentUser;
  type: 'manual' | 'auto';
}

/** What a user writes: Velt's commentData without `from` (the author is the token's user). */
export interface CommentInput {
  commentText?: string;
  commentHtml?: string;
  taggedUserContacts?: TaggedUserContact[];
  attachments?: Array<Record<string, unknown>>;
  context?: Record<string, unknown>;
}

export interface NewThread {
  annotationId?: string;
  comment: CommentInput;
  location?: Record<string, unknown>;
  context?: Record<string, unknown>;
  targetElement?: Record<string, unknown>;
  status?: CommentLabel;
  priority?: CommentLabel;
  assignedTo?: CommentUser;
  visibility?: { type: 'public' } | { type: 'restricted'; userIds: string[] };
}

export type CommentChangeKind =
  | 'thread_added'
  | 'thread_updated'
  | 'thread_deleted'
  | 'comment_added'
  | 'comment_updated'
  | 'comment_deleted'
  | 'reaction_added'
  | 'reaction_removed';

/** A `comment:change` push: the thread as it stands after the change, `null` once deleted. */
export interface CommentChange extends DocumentRef {
  cursor: Cursor;
  kind: CommentChangeKind;
  annotationId: string;
  commentId?: number;
  thread: Thread | null;
}

export interface MentionableUser {
  userId: string;
  name?: string;
  email?: string;
}

export type NotificationLevel = 'ALL' | 'MINE' | 'NONE';

export interface NotificationSettings {
  inbox: NotificationLevel;
  email: NotificationLevel;
}

/** The error of an ack, as in the REST envelope. */
export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';

  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}
