import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { apiKeyHeaders, createWorkspace, post } from '../test/support/http-client';
import { startApi } from '../test/support/processes';
import { createTestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { startBenchServer } from './support/bench-server';
import { interleavedMedians } from './support/interleave';
import { SELECTED_WORKLOADS, seedHotData } from './support/hot-workloads';
import { LOAD_SETTINGS, measureLoad, Sample } from './support/load';
import { runBench } from './support/run-bench';

/**
 * Issue 12, part 1: each hot route on the API against (1) a same-I/O bare node:http server running
 * the route's statements and Redis commands and (2) a minimal Nest + Express peer running them behind
 * Nest's ValidationPipe with the API's rules. Load comes from autocannon in its own process; CPU per
 * request is read from each server's /proc/<pid>/stat. Sides run interleaved, the median of
 * BENCH_ROUNDS runs counts.
 */
const SIDES = ['api', 'sameIo', 'nest'] as const;
type Side = (typeof SIDES)[number];
const SIDE_NAMES: Record<Side, string> = { api: 'API', sameIo: 'same-I/O node:http', nest: 'minimal Nest peer' };
const describe = (sample: Sample) =>
  `${fixed(sample.rps, 0)} req/s, p50/p99 ${sample.p50}/${sample.p99} ms, ${fixed(sample.cpuMsPerRequest, 3)} ms CPU/req`;

/** Tokens and timestamps differ per call; everything else of the envelope must be the same. */
function comparable(body: unknown): string {
  return JSON.stringify(body).replace(/"token":"[^"]+"/g, '"token":"*"');
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  // The API as deployed: LOG_LEVEL info writes the per-request access line.
  const api = await startApi(world.env, { LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info' });
  const baselines = await Promise.all([
    startBenchServer(join(__dirname, 'same-io-server.js'), world.env),
    startBenchServer(join(__dirname, 'nest-peer', 'main.js'), world.env),
  ]);
  const servers: Record<Side, { url: string; pid: number }> = {
    api: { url: api.url, pid: api.child.pid! },
    sameIo: baselines[0],
    nest: baselines[1],
  };
  try {
    const owner = await createWorkspace(api.url);
    const headers = apiKeyHeaders(owner);
    await seedHotData(api.url, headers);

    // The yardsticks must answer what the API answers; a difference is printed, not hidden.
    for (const workload of SELECTED_WORKLOADS) {
      const answers = await Promise.all(
        SIDES.map((side) => post(servers[side].url, workload.path, workload.bodies[0], headers)),
      );
      for (const [i, answer] of answers.entries()) {
        if (answer.status !== 200)
          throw new Error(`${SIDE_NAMES[SIDES[i]]} ${workload.path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      for (const i of [1, 2]) {
        if (!isDeepStrictEqual(JSON.parse(comparable(answers[0].body)), JSON.parse(comparable(answers[i].body)))) {
          console.log(
            `note: ${SIDE_NAMES[SIDES[i]]} envelope of ${workload.path} differs from the API's:\n  ${comparable(answers[i].body).slice(0, 400)}\n  ${comparable(answers[0].body).slice(0, 400)}`,
          );
        }
      }
    }

    const figures: Figure[] = [];
    const { durationS, warmUpS, rounds, connections } = LOAD_SETTINGS;
    for (const workload of SELECTED_WORKLOADS) {
      const bodies = workload.bodies.map((data) => JSON.stringify({ data }));
      const medians = await interleavedMedians(SIDES, rounds, (side, warmUp) =>
        measureLoad(servers[side].pid, {
          url: servers[side].url,
          path: workload.path,
          headers,
          bodies,
          connections,
          durationS: warmUp ? warmUpS : durationS,
        }),
      );
      console.log(`\n${workload.name}`);
      console.table(
        Object.fromEntries(
          SIDES.map((side) => [
            SIDE_NAMES[side],
            { ...medians[side], cpuMsPerRequest: fixed(medians[side].cpuMsPerRequest, 3) },
          ]),
        ),
      );
      const sameIoRatio = medians.api.rps / medians.sameIo.rps;
      const peerRatio = medians.api.rps / medians.nest.rps;
      figures.push({
        measurement: `${workload.name} vs same-I/O`,
        value: describe(medians.api),
        baseline: `${SIDE_NAMES.sameIo}: ${describe(medians.sameIo)}`,
        ratio: sameIoRatio,
        target: '>= 0.6',
        met: sameIoRatio >= 0.6,
      });
      figures.push({
        measurement: `${workload.name} vs Nest peer`,
        value: `${fixed(medians.api.rps, 0)} req/s`,
        baseline: `${SIDE_NAMES.nest}: ${describe(medians.nest)}`,
        ratio: peerRatio,
        ...(workload.againstPeer ? { target: '>= 0.9', met: peerRatio >= 0.9 } : {}),
      });
      if (workload.p99AtMostMs !== undefined) {
        figures.push({
          measurement: `${workload.name}: API p99 (ms) at ${connections} connections`,
          value: String(medians.api.p99),
          target: `<= ${workload.p99AtMostMs}`,
          met: medians.api.p99 <= workload.p99AtMostMs,
        });
      }
    }
    report(
      'routes',
      `${rounds} interleaved runs of ${durationS} s x ${connections} connections per side after a ${warmUpS} s warm-up; medians; ratios are req/s`,
      figures,
    );
    console.log('Figures are noisy: 2 shared cores run the servers, PostgreSQL, Redis and the load generator.');
  } finally {
    await Promise.all(baselines.map((server) => server.stop()));
    await api.stop();
    await world.dispose();
  }
}

runBench(main);
