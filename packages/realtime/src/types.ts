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
  displayHeadlineMessageTemplate?: string;
  displayBodyMessage?: string;
  isUnread?: boolean;
  [field: string]: unknown;
}

export interface DocumentRef {
  organizationId: string;
  documentId: string;
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
