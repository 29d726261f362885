import { backoffMs, isTransient } from './retry';
import { RealtimeError } from './types';

describe('retrying refusals', () => {
  it('retries what says "not now" and takes any other refusal as the answer', () => {
    expect(isTransient(new RealtimeError('UNAVAILABLE', 'database unreachable'))).toBe(true);
    expect(isTransient(new Error('operation has timed out'))).toBe(true);
    expect(isTransient(new RealtimeError('PERMISSION_DENIED', 'No access to this document.'))).toBe(false);
    expect(isTransient(new RealtimeError('NOT_FOUND', 'No such document.'))).toBe(false);
  });

  it('doubles the wait from half a second to five, spread by half either way', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffMs(attempt, 0.5))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(backoffMs(0, 0)).toBe(250);
    expect(backoffMs(10, 0.999)).toBeCloseTo(7495);
  });
});
