import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchmarkReport } from './report';

/**
 * `npm run bench`: every benchmark in turn, each starting what it needs, then one table of all figures.
 * BENCH_DURATION_S=2 BENCH_ROUNDS=1 (plus the per-bench sizes in each file) makes a smoke run.
 */
const BENCHMARKS = [
  'routes',
  'documents',
  'realtime',
  'webhooks',
  'migrations',
  'user-data',
  'events',
  'comment-writes',
  'dto-validation',
  'parsers',
  'connects',
  'redis-cluster',
  'collab',
  'cursors',
  'broadcasts',
  'versions',
  'workflows',
  'ai',
  'console-lists',
  'ai-memory',
  'load',
];

function main(): void {
  const started = Date.now();
  const reportFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'figures.jsonl');
  const failed: string[] = [];
  for (const name of BENCHMARKS) {
    console.log(`\n=== bench:${name}`);
    const run = spawnSync(process.execPath, [join(__dirname, `${name}.bench.js`)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_REPORT_FILE: reportFile },
    });
    if (run.status !== 0) failed.push(name);
  }
  const reports: BenchmarkReport[] = existsSync(reportFile)
    ? readFileSync(reportFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BenchmarkReport)
    : [];
  console.log('\n=== summary (ratios against baselines measured in this run; 2 shared cores make them noisy)');
  console.table(
    reports.flatMap(({ benchmark, figures }) =>
      figures.map((figure) => ({
        benchmark,
        measurement: figure.measurement,
        value: figure.value,
        baseline: figure.baseline ?? '',
        ratio: figure.ratio === undefined ? '' : figure.ratio.toFixed(2),
        target: figure.target ?? '',
        met: figure.met === undefined ? '' : figure.met ? 'yes' : 'NO',
      })),
    ),
  );
  console.log(`npm run bench took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  if (failed.length > 0) {
    console.error(`benchmarks that failed to run: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main();
