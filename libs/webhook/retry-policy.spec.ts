import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS } from '@app/common';
import { decideAfterAttempt, MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-policy';

describe('webhook retry policy', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const schedule = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS;

  it('the production schedule is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(schedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });

  it('treats any 2xx as success and 3xx, 4xx, 5xx and errors as failures', () => {
    for (const status of [200, 201, 204, 299])
      expect(decideAfterAttempt({ httpStatus: status }, 1, schedule, now)).toEqual({ outcome: 'succeeded' });
    for (const status of [301, 302, 400, 404, 500]) {
      expect(decideAfterAttempt({ httpStatus: status }, 1, schedule, now)).toEqual({ outcome: 'retry', delayMs: 5000 });
    }
    expect(decideAfterAttempt({ error: 'timeout' }, 2, schedule, now)).toEqual({ outcome: 'retry', delayMs: 300_000 });
  });

  it('walks the schedule and fails after the last step', () => {
    const delays = schedule.map((_, index) => decideAfterAttempt({ httpStatus: 500 }, index + 1, schedule, now));
    expect(delays).toEqual(schedule.map((delayMs) => ({ outcome: 'retry', delayMs })));
    expect(decideAfterAttempt({ httpStatus: 500 }, schedule.length + 1, schedule, now)).toEqual({ outcome: 'failed' });
  });

  it('stops at once on 410 Gone', () => {
    expect(decideAfterAttempt({ httpStatus: 410 }, 1, schedule, now)).toEqual({ outcome: 'failed' });
  });

  it('honours Retry-After on 429 and 503 only', () => {
    expect(decideAfterAttempt({ httpStatus: 429, retryAfter: '120' }, 1, schedule, now)).toEqual({
      outcome: 'retry',
      delayMs: 120_000,
    });
    expect(
      decideAfterAttempt({ httpStatus: 503, retryAfter: 'Sun, 22 Nov 2026 10:01:00 GMT' }, 1, schedule, now),
    ).toEqual({ outcome: 'retry', delayMs: 60_000 });
    expect(decideAfterAttempt({ httpStatus: 500, retryAfter: '120' }, 1, schedule, now)).toEqual({
      outcome: 'retry',
      delayMs: 5000,
    });
    expect(decideAfterAttempt({ httpStatus: 429, retryAfter: 'soon' }, 1, schedule, now)).toEqual({
      outcome: 'retry',
      delayMs: 5000,
    });
  });

  it('bounds and clamps Retry-After', () => {
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
