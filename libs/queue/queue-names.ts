/** Every BullMQ queue of the service. */
export const QUEUE = {
  AUDIT: 'audit',
  WEBHOOK: 'webhook',
  MIGRATION: 'migration',
  USER_DATA: 'user-data',
  ACTIVITY: 'activity',
  EMAIL: 'email',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];
