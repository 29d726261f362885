import type { Sample } from './load';

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of each figure on its own over a side's runs. */
export function medianSample(samples: Sample[]): Sample {
  return {
    requests: median(samples.map((s) => s.requests)),
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    cpuMsPerRequest: median(samples.map((s) => s.cpuMsPerRequest)),
  };
}

/**
 * One warm-up run per side, then `rounds` rounds that run every side once in turn (A, B, C, A, B,
 * C, ...), so drift on a shared machine hits all sides alike; answers each side's median sample.
 */
export async function interleavedMedians<Side extends string>(
  sides: readonly Side[],
  rounds: number,
  run: (side: Side, warmUp: boolean) => Promise<Sample>,
): Promise<Record<Side, Sample>> {
  for (const side of sides) await run(side, true);
  const samples = Object.fromEntries(sides.map((side) => [side, [] as Sample[]])) as Record<Side, Sample[]>;
  for (let round = 0; round < rounds; round++) {
    for (const side of sides) samples[side].push(await run(side, false));
  }
  return Object.fromEntries(sides.map((side) => [side, medianSample(samples[side])])) as Record<Side, Sample>;
}
