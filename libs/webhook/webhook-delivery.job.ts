import { JobsOptions } from 'bullmq';

export const WEBHOOK_JOB = {
  DELIVER: 'deliver',
  SWEEP: 'sweep',
} as const;

/** Payload of a delivery job; everything else is read from the delivery row. */
export interface WebhookDeliveryJob {
  deliveryId: string;
}

/**
 * The delivery row decides when a delivery is finished; BullMQ's attempt budget only needs to outlast
 * the retry schedule plus transient infrastructure errors. A job that still runs out is re-enqueued
 * by the sweeper while its row is pending.
 */
export const WEBHOOK_JOB_ATTEMPTS = 50;

export function deliveryJob(deliveryId: string): { name: string; data: WebhookDeliveryJob; opts: JobsOptions } {
  return {
    name: WEBHOOK_JOB.DELIVER,
    data: { deliveryId },
    opts: { jobId: deliveryId, attempts: WEBHOOK_JOB_ATTEMPTS, backoff: { type: 'webhook' } },
  };
}
