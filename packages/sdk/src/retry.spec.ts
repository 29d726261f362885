import { DEFAULT_RETRY, parseRetryAfter, retryDelay } from './retry';

describe('retry delays', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("honours the server's Retry-After over the backoff, capped at maxDelayMs", () => {
    expect(retryDelay(DEFAULT_RETRY, 1, '2', now, () => 0)).toBe(2000);
    expect(retryDelay({ ...DEFAULT_RETRY, maxDelayMs: 500 }, 1, '2', now)).toBe(500);
  });

  it('backs off exponentially with full jitter without a Retry-After', () => {
    expect(retryDelay(DEFAULT_RETRY, 1, null, now, () => 1)).toBe(200);
    expect(retryDelay(DEFAULT_RETRY, 3, null, now, () => 1)).toBe(800);
    expect(retryDelay(DEFAULT_RETRY, 3, null, now, () => 0.5)).toBe(400);
    expect(retryDelay(DEFAULT_RETRY, 10, null, now, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});
