import { loadavg } from 'node:os';
import { Socket } from 'socket.io-client';
import { Webhook } from 'standardwebhooks';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from '../test/support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from '../test/support/processes';
import { connect, userToken } from '../test/support/realtime-client';
import { seedDocument, seedEditors } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, Figure, report } from './report';
import { median } from './support/interleave';
import { LOAD_SETTINGS, measureLoad } from './support/load';
import { processCpuMs } from './support/process-cpu';
import { Arrivals, startHttpSink, startSmtpSink } from './support/sink-arrivals';
import { runBench } from './support/run-bench';

/**
 * Issue 14: the event pipeline end to end. Every write is one commentannotations/add with
 * triggerNotification that mentions bob, so it reaches all four sinks: an in-app notification (row,
 * then a push to bob's socket on the API), an activity (row in the write's transaction), an advanced
 * webhook delivery (worker, to a local HTTP endpoint) and an e-mail (worker, to a local SMTP server).
 * (a) Throughput: autocannon in its own process writes for a few seconds, then the run lasts until
 * every sink has received every write; events/s is writes over first write to last arrival, with 1
 * and 2 workers (median of interleaved rounds). (b) Latency: a paced stream at half the 1-worker
 * rate, each write acknowledged -> its socket event, webhook and e-mail.
 * With BENCH_BASELINE_DIST (another commit's `dist`), that build's API and worker take turns with this
 * build's in (a), one worker each, on one database and one set of receivers; (b) and 2 workers are left out.
 */
/**
 * Capped below the shared defaults: each run also waits for the drain, and the whole bench stays near a
 * minute. BENCH_EVENTS_DURATION_S sets it, for more events behind each worker CPU figure.
 */
const DURATION_S = Number(process.env.BENCH_EVENTS_DURATION_S ?? Math.min(LOAD_SETTINGS.durationS, 3));
const WARM_UP_S = Math.min(LOAD_SETTINGS.warmUpS, 2);
const PACED_S = Number(process.env.BENCH_EVENTS_PACED_S ?? 3);
const DRAIN_TIMEOUT_MS = 120_000;
/** Documents each throughput run's writes take turns over: one, as its editors would write; more shows whether per-document work limits the rate. */
const DOCUMENTS = Number(process.env.BENCH_EVENTS_DOCUMENTS ?? 1);
const ORG = 'o';
/** Private addresses allowed, as the local receivers need; WORKER_QUEUES names the two queues the sinks use. */
const ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', EMAIL_ALLOW_PRIVATE_NETWORKS: 'true' };
const WORKER_ENV = { ...ENV, WORKER_QUEUES: 'webhook,email' };
const SIDES = [1, 2] as const;
type Side = (typeof SIDES)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One new thread by ann whose comment mentions bob with an address, so the e-mail needs no profile read. */
function annotationAdd(documentId: string, annotationId?: string): Record<string, unknown> {
  const bob = { userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } };
  return {
    organizationId: ORG,
    documentId,
    triggerNotification: true,
    commentAnnotations: [
      {
        ...(annotationId ? { annotationId } : {}),
        commentData: [
          {
            commentText: `@Bob have a look ${annotationId ?? ''}`.trim(),
            from: { userId: 'ann', name: 'Ann' },
            taggedUserContacts: [bob],
          },
        ],
      },
    ],
  };
}

/** An API and the `dist` its workers are started from: this build, or the baseline's. */
interface Build {
  name: string;
  dist: string;
  api: RunningApi;
}

interface Throughput {
  eventsPerSecond: number;
  writesPerSecond: number;
  drainS: number;
  workerCpuMsPerEvent: number;
  apiCpuMsPerWrite: number;
}

interface Latency {
  write: number[];
  notification: number[];
  webhook: number[];
  email: number[];
}

/** What each sink received: bob's socket events, the endpoint's deliveries, the SMTP server's messages. */
interface Sinks {
  notifications: Arrivals;
  webhooks: Arrivals;
  emails: Arrivals;
}

class EventsBench {
  readonly workers: RunningProcess[] = [];
  /** The build the running workers were started from. */
  private workerDist = 'dist';
  private documents = 0;

  constructor(
    private readonly world: TestEnvironment,
    private readonly build: Build,
    private readonly owner: Credentials,
    private readonly arrivals: Sinks,
  ) {}

  private get sinks(): Arrivals[] {
    return [this.arrivals.notifications, this.arrivals.webhooks, this.arrivals.emails];
  }

  /** Fresh documents per run, so their annotations and activities count that run's writes. */
  private async fresh(count: number): Promise<string[]> {
    const documentIds = Array.from({ length: count }, () => `d${this.documents++}`);
    for (const documentId of documentIds) await seedDocument(this.world, this.owner.apiKey, ORG, documentId);
    return documentIds;
  }

  private workerCpuMs(): number {
    return this.workers.reduce((sum, worker) => sum + processCpuMs(worker.child.pid!), 0);
  }

  /** Starts or stops the second worker so that `side` workers of `dist` run. */
  async useWorkers(side: Side, dist = this.build.dist): Promise<void> {
    if (dist !== this.workerDist) {
      while (this.workers.length > 0) await this.workers.pop()!.stop('SIGTERM');
      this.workerDist = dist;
    }
    while (this.workers.length < side) this.workers.push(await startWorker(this.world.env, WORKER_ENV, dist));
    while (this.workers.length > side) await this.workers.pop()!.stop('SIGTERM');
  }

  private async drained(expected: number, tokens?: string[]): Promise<void> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    const done = (arrivals: Arrivals) =>
      tokens ? tokens.every((token) => arrivals.byToken.has(token)) : arrivals.times.length >= expected;
    while (!this.sinks.every(done)) {
      if (Date.now() > deadline) {
        const { notifications, webhooks, emails } = this.arrivals;
        throw new Error(
          `not drained: ${expected} writes; notifications ${notifications.times.length}, webhooks ${webhooks.times.length}, e-mails ${emails.times.length}`,
        );
      }
      await sleep(20);
    }
  }

  /**
   * The run's writes and their activities in one snapshot: both are rows of the write's transaction,
   * so a write still in flight when autocannon stopped is in both counts or in neither.
   */
  private async written(
    documentIds: string[],
  ): Promise<{ n: number; activities: number; first: number; last: number }> {
    const [row] = await this.world.query<{ n: number; activities: number; first: string; last: string }>(
      `SELECT count(*)::int AS n, extract(epoch FROM min(created_at)) * 1000 AS first, extract(epoch FROM max(created_at)) * 1000 AS last,
              (SELECT count(*)::int FROM activity WHERE api_key_id = $1 AND document_id = ANY($2)) AS activities
       FROM comment_annotation WHERE api_key_id = $1 AND document_id = ANY($2)`,
      [this.owner.apiKey, documentIds],
    );
    return { n: row.n, activities: row.activities, first: Number(row.first), last: Number(row.last) };
  }

  /** Closed-loop writes to `build`'s API for `durationS`, then waits until every sink has every write. */
  async throughput(side: Side, warmUp: boolean, build = this.build): Promise<Throughput> {
    await this.useWorkers(side, build.dist);
    const documentIds = await this.fresh(DOCUMENTS);
    for (const sink of this.sinks) sink.reset();
    const cpuBefore = this.workerCpuMs();
    const load = await measureLoad(build.api.child.pid!, {
      url: build.api.url,
      path: '/v2/commentannotations/add',
      headers: apiKeyHeaders(this.owner),
      bodies: documentIds.map((documentId) => JSON.stringify({ data: annotationAdd(documentId) })),
      connections: LOAD_SETTINGS.connections,
      durationS: warmUp ? WARM_UP_S : DURATION_S,
    });
    // Writes are counted in PostgreSQL, until the count holds after a drain: a request in flight when
    // autocannon stopped may still commit.
    let written = await this.written(documentIds);
    for (;;) {
      await this.drained(written.n);
      const again = await this.written(documentIds);
      if (again.n === written.n) break;
      written = again;
    }
    const cpuMs = this.workerCpuMs() - cpuBefore;
    if (written.activities !== written.n) throw new Error(`${written.n} writes but ${written.activities} activities`);
    const end = Math.max(...this.sinks.map((sink) => sink.last));
    return {
      eventsPerSecond: written.n / ((end - written.first) / 1000),
      writesPerSecond: load.rps,
      drainS: (end - written.last) / 1000,
      workerCpuMsPerEvent: cpuMs / written.n,
      apiCpuMsPerWrite: load.cpuMsPerRequest,
    };
  }

  /** `rate` writes/s for PACED_S from this process, each timed from its acknowledgement to each sink's arrival. */
  async latency(side: Side, rate: number): Promise<Latency> {
    await this.useWorkers(side);
    const [documentId] = await this.fresh(1);
    for (const sink of this.sinks) sink.reset();
    const count = Math.max(1, Math.round(rate * PACED_S));
    const acked = new Map<string, number>();
    const write: number[] = [];
    const started = Date.now();
    const writes = Array.from({ length: count }, async (_, i) => {
      await sleep(started + (i * 1000) / rate - Date.now());
      const token = `evt-${side}-${i}`;
      const sent = Date.now();
      const response = await post<BatchResult>(
        this.build.api.url,
        '/v2/commentannotations/add',
        annotationAdd(documentId, token),
        apiKeyHeaders(this.owner),
      );
      if (response.status !== 200 || !response.body.result.data[token]?.success)
        throw new Error(`paced write: ${JSON.stringify(response.body)}`);
      acked.set(token, Date.now());
      write.push(Date.now() - sent);
    });
    await Promise.all(writes);
    const tokens = [...acked.keys()];
    await this.drained(count, tokens);
    const since = (arrivals: Arrivals) =>
      tokens.map((token) => arrivals.byToken.get(token)! - acked.get(token)!).sort((a, b) => a - b);
    const { notifications, webhooks, emails } = this.arrivals;
    return {
      write: write.sort((a, b) => a - b),
      notification: since(notifications),
      webhook: since(webhooks),
      email: since(emails),
    };
  }
}

/** One API key with advanced webhooks (one endpoint), SMTP e-mail and activities on; ann and bob edit the organization. */
async function configure(
  world: TestEnvironment,
  apiUrl: string,
  hookUrl: string,
  smtpPort: number,
): Promise<{ owner: Credentials; secret: string }> {
  const owner = await createWorkspace(apiUrl);
  const call = async <T>(path: string, data: unknown) => {
    const response = await post<T>(apiUrl, path, data, apiKeyHeaders(owner));
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    return response.body.result.data;
  };
  await seedDocument(world, owner.apiKey, ORG, 'setup');
  await seedEditors(apiUrl, owner, ORG, ['ann', 'bob']);
  await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  const endpoint = await call<{ id: string }>('/v2/workspace/advancedwebhook/endpoints/create', { url: hookUrl });
  const { secret } = await call<{ secret: string }>('/v2/workspace/advancedwebhook/endpoints/secret/get', {
    endpointId: endpoint.id,
  });
  if (!/^whsec_/.test(secret)) throw new Error(`endpoint secret ${secret} is not a whsec_ secret`);
  await call('/v2/workspace/emailconfig/update', {
    useEmailService: true,
    emailServiceConfig: {
      type: 'smtp',
      fromEmail: 'noreply@acme.test',
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
    },
  });
  await call('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } });
  return { owner, secret };
}

/** The figures of a run and what they were measured on. */
interface Measured {
  figures: Figure[];
  setting: string;
}

const WRITES = `comment writes each mentioning one user; ${LOAD_SETTINGS.connections} connections for ${DURATION_S} s then drain`;

/** Medians of the rounds' samples. */
function medianOf(samples: Throughput[]): Throughput {
  const of = (pick: (t: Throughput) => number) => median(samples.map(pick));
  return {
    eventsPerSecond: of((t) => t.eventsPerSecond),
    writesPerSecond: of((t) => t.writesPerSecond),
    drainS: of((t) => t.drainS),
    workerCpuMsPerEvent: of((t) => t.workerCpuMsPerEvent),
    apiCpuMsPerWrite: of((t) => t.apiCpuMsPerWrite),
  };
}

/** The throughput figures of one side or build, named by `who`. */
function throughputFigures(who: string, t: Throughput): Figure[] {
  return [
    {
      measurement: `${who}: events/s, all four sinks drained`,
      value: fixed(t.eventsPerSecond, 0),
      baseline: `writes acked at ${fixed(t.writesPerSecond, 0)}/s; last arrival ${fixed(t.drainS, 1)} s after the last write`,
    },
    { measurement: `${who}: worker CPU ms per event (webhook + e-mail)`, value: fixed(t.workerCpuMsPerEvent, 2) },
    {
      measurement: `${who}: API CPU ms per write (rows of all sinks + socket push)`,
      value: fixed(t.apiCpuMsPerWrite, 2),
    },
  ];
}

/** (a) with 1 and 2 workers of this build, then (b) at half the 1-worker rate. */
async function bySides(bench: EventsBench): Promise<Measured> {
  // One warm-up run per side, then rounds of 1 worker, 2 workers, ...; the second worker boots between runs, untimed.
  const samples: Record<Side, Throughput[]> = { 1: [], 2: [] };
  for (const side of SIDES) await bench.throughput(side, true);
  for (let round = 0; round < LOAD_SETTINGS.rounds; round++) {
    for (const side of SIDES) samples[side].push(await bench.throughput(side, false));
  }
  const throughput = { 1: medianOf(samples[1]), 2: medianOf(samples[2]) };

  // (b) The same paced rate for both sides, half of what one worker sustains.
  const rate = Math.max(1, Math.round(throughput[1].eventsPerSecond / 2));
  const latency: Partial<Record<Side, Latency>> = {};
  for (const side of SIDES) latency[side] = await bench.latency(side, rate);

  const pair = (values: number[]) => `${percentile(values, 50)} / ${percentile(values, 99)}`;
  const ratio = throughput[2].eventsPerSecond / throughput[1].eventsPerSecond;
  const figures: Figure[] = SIDES.flatMap((side): Figure[] => {
    const l = latency[side]!;
    const workers = `${side} worker${side > 1 ? 's' : ''}`;
    return [
      ...throughputFigures(workers, throughput[side]),
      {
        measurement: `${workers}, paced ${rate}/s: ack -> notification socket event p50 / p99 (ms)`,
        value: pair(l.notification),
      },
      { measurement: `${workers}, paced ${rate}/s: ack -> webhook received p50 / p99 (ms)`, value: pair(l.webhook) },
      { measurement: `${workers}, paced ${rate}/s: ack -> e-mail received p50 / p99 (ms)`, value: pair(l.email) },
      { measurement: `${workers}, paced ${rate}/s: activity = the write, p50 / p99 (ms)`, value: pair(l.write) },
    ];
  });
  figures.push({
    measurement: 'events/s, 2 workers vs 1',
    value: `${fixed(ratio, 2)}x`,
    baseline: '1 worker',
    ratio,
  });
  return {
    figures,
    setting: `${WRITES}, median of ${LOAD_SETTINGS.rounds} interleaved rounds; latency from ${PACED_S} s paced at ${rate}/s`,
  };
}

/** (a) with 1 worker, this build and the baseline taking turns; ratios are this build ÷ baseline, median of the rounds'. */
async function byBuilds(bench: EventsBench, builds: [Build, Build]): Promise<Measured> {
  const samples: [Throughput[], Throughput[]] = [[], []];
  for (const build of builds) await bench.throughput(1, true, build);
  for (let round = 0; round < LOAD_SETTINGS.rounds; round++) {
    for (const [i, build] of builds.entries()) {
      const t = await bench.throughput(1, false, build);
      samples[i].push(t);
      console.log(
        `round ${round + 1}, ${build.name}: worker ${fixed(t.workerCpuMsPerEvent, 2)} ms/event, ${fixed(t.eventsPerSecond, 0)} events/s, load average ${fixed(loadavg()[0], 1)}`,
      );
    }
  }
  const ratioOf = (pick: (t: Throughput) => number) => {
    const ratio = median(samples[0].map((t, round) => pick(t) / pick(samples[1][round])));
    return { value: `${fixed(ratio, 2)}x`, baseline: builds[1].name, ratio };
  };
  const figures: Figure[] = builds.flatMap((build, i) =>
    throughputFigures(`${build.name}, 1 worker`, medianOf(samples[i])),
  );
  figures.push(
    { measurement: 'worker CPU per event, this build vs baseline', ...ratioOf((t) => t.workerCpuMsPerEvent) },
    { measurement: 'API CPU per write, this build vs baseline', ...ratioOf((t) => t.apiCpuMsPerWrite) },
    { measurement: 'events/s, this build vs baseline', ...ratioOf((t) => t.eventsPerSecond) },
  );
  return { figures, setting: `${WRITES}, median of ${LOAD_SETTINGS.rounds} rounds, the builds taking turns` };
}

async function main(): Promise<void> {
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const world = await createTestEnvironment();
  const notifications = new Arrivals();
  const webhooks = new Arrivals();
  const emails = new Arrivals();
  // The first delivery is verified as a receiver would, with the endpoint's whsec_ secret.
  let secret = '';
  let signature = 'unchecked' as 'unchecked' | 'valid' | Error;
  const hooks = await startHttpSink(webhooks, (headers, body) => {
    if (signature !== 'unchecked') return;
    try {
      new Webhook(secret).verify(body, headers);
      signature = 'valid';
    } catch (error) {
      signature = error as Error;
    }
  });
  const smtp = await startSmtpSink(emails);
  const apiEnv = { ...ENV, LOG_LEVEL: 'warn' };
  const api = await startApi(world.env, apiEnv);
  const baselineApi = baselineDist ? await startApi(world.env, apiEnv, baselineDist) : null;
  let bench: EventsBench | null = null;
  let socket: Socket | null = null;
  try {
    const configured = await configure(world, api.url, hooks.url, smtp.port);
    secret = configured.secret;
    const build: Build = { name: 'this build', dist: 'dist', api };
    bench = new EventsBench(world, build, configured.owner, { notifications, webhooks, emails });
    // Bob's one socket hears the notifications of either API: their pushes meet in Redis.
    socket = await connect(api.url, await userToken(api.url, configured.owner, 'bob'));
    socket.on('notification', (payload: { targetAnnotationId?: string }) =>
      notifications.record(payload.targetAnnotationId ?? ''),
    );
    const { figures, setting } = baselineApi
      ? await byBuilds(bench, [build, { name: baselineDist!, dist: baselineDist!, api: baselineApi }])
      : await bySides(bench);
    if (signature !== 'valid') throw new Error(`webhook signature: ${String(signature)}`);
    report('events', setting, figures);
    console.log(
      'Figures are noisy: 2 shared cores; PostgreSQL, Redis, the API, workers, receivers and load generator share them.',
    );
  } finally {
    socket?.close();
    if (bench) await Promise.all(bench.workers.map((worker) => worker.stop('SIGTERM')));
    await Promise.all([api.stop(), baselineApi?.stop()]);
    hooks.server.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await world.dispose();
  }
}

runBench(main);
