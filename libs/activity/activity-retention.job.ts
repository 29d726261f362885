/** The activity queue's one job: the periodic retention sweep, scheduled by the processor. */
export const ACTIVITY_JOB = { RETENTION_SWEEP: 'retention-sweep' } as const;

export const RETENTION_SCHEDULER_ID = 'activity-retention';

export type ActivityRetentionJob = Record<string, never>;
