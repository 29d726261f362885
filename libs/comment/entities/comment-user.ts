/**
 * A user as Velt's User model names them on comments: the caller's data, stored and returned as sent
 * (access roles are not part of it).
 */
export interface CommentUser {
  userId: string;
  name?: string;
  email?: string;
  photoUrl?: string;
  color?: string;
  organizationId?: string;
}

/** An entry of Velt's subscribedUsers or unsubscribedUsers: `manual` when the user chose it. */
export interface ThreadSubscription {
  user: CommentUser;
  type: 'manual' | 'auto';
}

/** Velt's CustomStatus; `type` drives resolve semantics (`terminal` = resolved). */
export interface CommentStatus {
  id: string;
  name: string;
  type: StatusType;
  color?: string;
  lightColor?: string;
  svg?: string;
  iconUrl?: string;
}

export const STATUS_TYPES = ['default', 'ongoing', 'terminal'] as const;
export type StatusType = (typeof STATUS_TYPES)[number];

/** Velt's CustomPriority. */
export interface CommentPriority {
  id: string;
  name: string;
  color?: string;
  lightColor?: string;
}

/** Velt's AutocompleteUserContactReplaceData: a user tagged in a comment, or (our extension) an organization user group. */
export interface TaggedUserContact {
  userId?: string;
  organizationUserGroupId?: string;
  contact?: CommentUser;
  text?: string;
}

/**
 * Velt's default statuses (CommentAnnotationStatusMap). OPEN is as Velt's data samples show it; Velt
 * documents only id, name and type of the other two, whose colours are Velt's warning and success colours.
 */
export const DEFAULT_STATUSES: Record<'OPEN' | 'IN_PROGRESS' | 'RESOLVED', CommentStatus> = {
  OPEN: { id: 'OPEN', name: 'Open', type: 'default', color: '#625DF5', lightColor: '#E7E8FA' },
  IN_PROGRESS: { id: 'IN_PROGRESS', name: 'In Progress', type: 'ongoing', color: '#FFCD2E', lightColor: '#FFFBEE' },
  RESOLVED: { id: 'RESOLVED', name: 'Resolved', type: 'terminal', color: '#198F65', lightColor: '#EDF6F3' },
};
