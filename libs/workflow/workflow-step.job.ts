import { JobsOptions } from 'bullmq';
import { AppConfig } from '@app/common';

/** Job names on the workflow queue. */
export const WORKFLOW_JOB = {
  STEP: 'step',
  SWEEP: 'sweep',
} as const;

/** Payload of a step job (its BullMQ id is the step's key) and of its SLA job (id `sla-<key>`). */
export interface WorkflowStepJob {
  key: string;
}

/**
 * A webhook step's 5xx, timeout or network error is retried with backoff (Velt: 2 s, 8 s, 32 s, ...); a
 * completed job is removed so the sweep can enqueue its row again if it is still unsettled.
 */
export function stepJobOptions(config: AppConfig): JobsOptions {
  return {
    attempts: config.workflowStepMaxAttempts,
    backoff: { type: 'exponential', delay: config.workflowRetryDelayMs },
    removeOnComplete: true,
    removeOnFail: { count: 1000 },
  };
}
