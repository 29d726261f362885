import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fixed, Figure, report } from './report';
import { median } from './support/interleave';
import { runBench } from './support/run-bench';
import { API_NODE_FLAGS } from '../test/support/processes';

/**
 * CPU per validation of the `bench:comment-writes` add body (`validatedDto`, AddAnnotationsDto), in a
 * fresh process per run. With BENCH_BASELINE_DIST (another commit's `dist`) that build's modules take
 * their turn too, the first of each round rotating; a figure is the median of the rounds.
 */
const COUNT = Number(process.env.BENCH_VALIDATIONS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

async function microsPerValidation(dist: string): Promise<number> {
  const child = [...API_NODE_FLAGS, 'dist/bench/support/validation-child.js', dist, String(COUNT)];
  const { stdout } = await promisify(execFile)(process.execPath, child);
  return Number(stdout.trim());
}

async function main(): Promise<void> {
  const baseline = process.env.BENCH_BASELINE_DIST;
  const builds = ['dist', ...(baseline ? [baseline] : [])];
  const runs: number[][] = builds.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (let turn = 0; turn < builds.length; turn++) {
      const i = (round + turn) % builds.length;
      runs[i].push(await microsPerValidation(builds[i]));
    }
  const figure: Figure = {
    measurement: 'CPU per validation of the comment-writes add body',
    value: `${fixed(median(runs[0]))} µs`,
  };
  if (baseline) {
    const ratios = runs[0].map((micros, round) => micros / runs[1][round]);
    figure.measurement += `: this build ÷ ${baseline} (per-round ${ratios.map((r) => fixed(r, 2)).join(' ')})`;
    figure.baseline = `${fixed(median(runs[1]))} µs`;
    figure.ratio = median(ratios);
  }
  report('dto-validation', `${ROUNDS} rounds of ${COUNT} validations per build, builds taking turns; medians`, [
    figure,
  ]);
}

runBench(main);
