import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load';

/**
 * Runs autocannon for one LoadSpec (argv[2], JSON) in its own process, so the load generator's CPU
 * is never the measured server's, and prints one LoadResult line on stdout.
 */
async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as LoadSpec;
  let next = 0;
  const failures: string[] = [];
  const result = await autocannon({
    url: spec.url,
    headers: { 'content-type': 'application/json', ...spec.headers },
    connections: spec.connections,
    duration: spec.durationS,
    requests: [
      {
        // Bodies are taken in turn, so a list of 100 bodies spreads the load over 100 resources.
        setupRequest: (request) => ({
          ...request,
          method: 'POST',
          path: spec.path,
          body: spec.bodies[next++ % spec.bodies.length],
        }),
        onResponse: (status, body) => {
          if (status >= 300 && failures.length < 3) failures.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  const output: LoadResult = {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    failures,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
