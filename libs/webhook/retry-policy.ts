/** What one delivery attempt observed; `response` keeps what the delivery log shows of the answer. */
export type AttemptResult =
  | {
      httpStatus: number;
      retryAfter?: string | null;
      response?: { headers: Record<string, string>; body: string };
    }
  | { error: string };

export type DeliveryDecision = { outcome: 'succeeded' } | { outcome: 'failed' } | { outcome: 'retry'; delayMs: number };

/** A receiver cannot park a delivery for longer than this with Retry-After. */
export const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(date - now.getTime(), 0), MAX_RETRY_AFTER_MS);
}

/**
 * docs/architecture.md "Webhooks": success is a 2xx; 3xx, other statuses, timeouts and network errors are failures retried
 * after schedule[attempt - 1]; 429/503 honour Retry-After; 410 stops at once; past the schedule, failed.
 */
export function decideAfterAttempt(
  result: AttemptResult,
  attemptsMade: number,
  scheduleMs: readonly number[],
  now: Date,
): DeliveryDecision {
  if ('httpStatus' in result) {
    if (result.httpStatus >= 200 && result.httpStatus < 300) return { outcome: 'succeeded' };
    if (result.httpStatus === 410) return { outcome: 'failed' };
  }
  if (attemptsMade > scheduleMs.length) return { outcome: 'failed' };
  const scheduled = scheduleMs[attemptsMade - 1];
  if ('httpStatus' in result && (result.httpStatus === 429 || result.httpStatus === 503)) {
    const requested = parseRetryAfter(result.retryAfter, now);
    if (requested !== null) return { outcome: 'retry', delayMs: requested };
  }
  return { outcome: 'retry', delayMs: scheduled };
}
