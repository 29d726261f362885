import { JobsOptions } from 'bullmq';

/** Job names on the memory queue. */
export const MEMORY_JOB = {
  /** Ids `source-<sourceId>` (an ingestion) and `judgments-<apiKeyId>` (the key's judgments awaiting embeddings). */
  WORK: 'work',
  SWEEP: 'sweep',
} as const;

export interface MemoryJob {
  id: string;
}

const SOURCE = 'source-';
const JUDGMENTS = 'judgments-';

export const sourceJobId = (sourceId: string): string => `${SOURCE}${sourceId}`;
export const judgmentsJobId = (apiKeyId: string): string => `${JUDGMENTS}${apiKeyId}`;

/** What a job id stands for. */
export function memoryWork(id: string): { kind: 'source' | 'judgments'; id: string } | null {
  if (id.startsWith(SOURCE)) return { kind: 'source', id: id.slice(SOURCE.length) };
  if (id.startsWith(JUDGMENTS)) return { kind: 'judgments', id: id.slice(JUDGMENTS.length) };
  return null;
}

/** A model outage is retried with backoff; a completed job is removed so the next wake-up of the same id is enqueued. */
export const MEMORY_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
};
