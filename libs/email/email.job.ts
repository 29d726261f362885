import { JobsOptions } from 'bullmq';
import { AppConfig } from '@app/common';

/** Job names on the email queue. */
export const EMAIL_JOB = {
  SEND: 'send',
  SWEEP: 'sweep',
} as const;

/** Payload of a send job; its BullMQ job id is the message id too. */
export interface EmailSendJob {
  messageId: string;
}

/**
 * Transient failures (a 4xx SMTP answer, a 5xx or 429 from SendGrid, a network error) are retried with
 * exponential backoff; a stall (crashed worker) does not use an attempt. A completed job is removed so
 * that the sweep can enqueue its row again if a run taken over from a stalled worker left it pending.
 */
export function sendJobOptions(config: AppConfig): JobsOptions {
  return {
    attempts: config.emailMaxAttempts,
    backoff: { type: 'exponential', delay: config.emailRetryDelayMs },
    removeOnComplete: true,
    removeOnFail: { count: 1000 },
  };
}
