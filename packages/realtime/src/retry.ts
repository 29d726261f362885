import { RealtimeError } from './types';

/**
 * Whether a refusal means "not now" rather than "no": the server could not answer (UNAVAILABLE: its
 * database or Redis out of reach, or its pool saturated by a reconnect storm) or the ack never came.
 * Those are retried; any other refusal (PERMISSION_DENIED, NOT_FOUND…) is the answer.
 */
export function isTransient(error: unknown): boolean {
  return !(error instanceof RealtimeError) || error.status === 'UNAVAILABLE';
}

/** The wait before retry number `attempt` (from 0): doubling from 0.5 s up to 5 s, spread ±50% so a storm's clients do not come back in step. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.min(5000, 500 * 2 ** attempt) * (0.5 + random);
}
