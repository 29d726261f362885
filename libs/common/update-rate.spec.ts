import { UpdateRate } from './update-rate';

describe('UpdateRate', () => {
  it('allows a burst of twice the rate, then refuses until time passes', () => {
    const rate = new UpdateRate(10, 0);
    const burst = Array.from({ length: 25 }, () => rate.take(0));
    expect(burst.filter(Boolean)).toHaveLength(20);
    expect(rate.take(0)).toBe(false);
    expect(rate.take(100)).toBe(true);
    expect(rate.take(100)).toBe(false);
  });

  it('sustains the average rate', () => {
    const rate = new UpdateRate(50, 0);
    let allowed = 0;
    for (let ms = 0; ms < 10_000; ms += 5) if (rate.take(ms)) allowed += 1;
    expect(allowed).toBeGreaterThanOrEqual(500);
    expect(allowed).toBeLessThanOrEqual(600);
  });
});
