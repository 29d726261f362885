/** Job names on the user-data queue. */
export const USER_DATA_JOB = {
  DELETE: 'delete',
  SWEEP: 'sweep',
} as const;

/** Payload of a delete job; its BullMQ job id is the deletion id too. */
export interface UserDataDeletionJob {
  deletionId: string;
}

/** Transient errors (a database restart) are retried; a stall (crashed worker) does not use an attempt. */
export const DELETE_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 1000 } } as const;
