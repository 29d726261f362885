export interface RetryPolicy {
  /** Further attempts after the first; 0 turns retries off. */
  retries: number;
  /** First backoff in ms, doubled per attempt, with full jitter. */
  baseDelayMs: number;
  /** No single wait is longer than this, even when Retry-After asks for more. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 200, maxDelayMs: 10_000 };

/** The codes that mean "try again later": the database or Redis was down, or a rate limit was hit. */
export const RETRYABLE = new Set(['UNAVAILABLE', 'RESOURCE_EXHAUSTED']);

/**
 * How long to wait before attempt `attempt` (1-based retry count): Retry-After (seconds or an HTTP
 * date) when the server sent one, else exponential backoff with full jitter.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | null,
  now = Date.now(),
  random = Math.random,
): number {
  const asked = parseRetryAfter(retryAfter, now);
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1) * random();
  return Math.min(policy.maxDelayMs, asked ?? backoff);
}

export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
