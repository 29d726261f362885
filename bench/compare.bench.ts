import { apiKeyHeaders, createWorkspace } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { SELECTED_WORKLOADS, seedHotData, WORKLOADS } from './support/hot-workloads';
import { median } from './support/interleave';
import { LOAD_SETTINGS, measureLoad } from './support/load';
import { runBench } from './support/run-bench';

/**
 * Two builds of the API side by side on one database: BENCH_BASELINE_DIST (another commit's `dist`,
 * built in a worktree with its own node_modules) and this checkout's. Each round loads both at the
 * same time, half the connections each, so the VM's drift hits both alike; a figure is the median of
 * the rounds' ratios of CPU per request (this build ÷ baseline). Both first serve every hot route,
 * so neither runs with inline caches the other's traffic would have made generic.
 */
async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  if (!baselineDist) throw new Error('Set BENCH_BASELINE_DIST to the dist directory of the build to compare with.');
  const world = await createTestEnvironment();
  const apis = await Promise.all([
    startApi(world.env, { LOG_LEVEL: 'info' }, baselineDist),
    startApi(world.env, { LOG_LEVEL: 'info' }),
  ]);
  try {
    const headers = apiKeyHeaders(await createWorkspace(apis[1].url));
    await seedHotData(apis[1].url, headers);
    const { durationS, warmUpS, rounds, connections } = LOAD_SETTINGS;
    const load = (path: string, bodies: string[], seconds: number) =>
      Promise.all(
        apis.map((api) =>
          measureLoad(api.child.pid!, {
            url: api.url,
            path,
            headers,
            bodies,
            connections: Math.max(1, Math.floor(connections / 2)),
            durationS: seconds,
          }),
        ),
      );
    for (const workload of WORKLOADS)
      await load(
        workload.path,
        workload.bodies.map((data) => JSON.stringify({ data })),
        warmUpS,
      );
    const figures: Figure[] = [];
    for (const workload of SELECTED_WORKLOADS) {
      const bodies = workload.bodies.map((data) => JSON.stringify({ data }));
      const ratios: number[] = [];
      const cpu: [number[], number[]] = [[], []];
      for (let round = 0; round < rounds; round++) {
        const [baseline, current] = await load(workload.path, bodies, durationS);
        ratios.push(current.cpuMsPerRequest / baseline.cpuMsPerRequest);
        cpu[0].push(baseline.cpuMsPerRequest);
        cpu[1].push(current.cpuMsPerRequest);
      }
      figures.push({
        measurement: `${workload.name}: CPU per request, this build ÷ baseline (per-round ratios ${ratios.map((r) => fixed(r, 2)).join(' ')})`,
        value: `${fixed(median(cpu[1]), 3)} ms`,
        baseline: `${baselineDist}: ${fixed(median(cpu[0]), 3)} ms`,
        ratio: median(ratios),
      });
    }
    report(
      'compare',
      `${rounds} rounds of ${durationS} s, both builds loaded at once with ${Math.max(1, Math.floor(connections / 2))} connections each; median of per-round ratios`,
      figures,
    );
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

runBench(main);
