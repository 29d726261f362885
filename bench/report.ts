import { appendFileSync } from 'node:fs';

/** One measured figure, with the baseline measured in the same run and the target it is held to. */
export interface Figure {
  measurement: string;
  value: string;
  baseline?: string;
  ratio?: number;
  target?: string;
  met?: boolean;
}

export interface BenchmarkReport {
  benchmark: string;
  figures: Figure[];
}

/**
 * Prints a benchmark's figures under a line saying how it was run; under `npm run bench` also
 * hands them to the runner's summary table.
 */
export function report(benchmark: string, conditions: string, figures: Figure[]): void {
  console.log(`\n${benchmark}: ${conditions}`);
  console.table(
    figures.map((figure) => ({ ...figure, ratio: figure.ratio === undefined ? '' : figure.ratio.toFixed(2) })),
  );
  const file = process.env.BENCH_REPORT_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ benchmark, figures } satisfies BenchmarkReport)}\n`);
}

export const fixed = (value: number, digits = 1): string => value.toFixed(digits);
