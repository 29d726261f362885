import { Socket } from 'socket.io-client';
import { RealtimeClient } from '../../packages/realtime/src';
import { createTestEnvironment, TestEnvironment } from '../support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from '../support/processes';
import {
  ApiResponse,
  apiKeyHeaders,
  BatchResult,
  createWorkspace,
  Credentials,
  post,
  workspaceHeaders,
} from '../support/http-client';
import { eventually } from '../support/eventually';
import { anyString } from '../support/matchers';
import { connect, nextEvent, request, userToken } from '../support/realtime-client';
import { seedDocument, seedEditors } from '../support/seed';
import { TcpProxy } from '../support/tcp-proxy';
import { WebhookReceiver } from '../support/webhook-receiver';

const LONG = 90_000;
/** How long a request may take while a dependency is down: the pool and Redis clients must fail fast, not hang. */
const MAX_OUTAGE_LATENCY_MS = 4_000;
/** Longer than any request may take, so a request that waits for the dependency to return shows up as too slow. */
const OUTAGE_MS = 5_000;
const doc = { organizationId: 'org', documentId: 'doc' };

interface LiveStateEvent {
  liveStateDataId: string;
}

/** The part of a raw comment webhook this suite reads. */
interface CommentWebhook {
  commentAnnotation: { annotationId: string };
}

interface Outcome {
  label: string;
  phase: 'before' | 'down' | 'after' | 'recovered';
  /** The phase when the answer came: a request in flight at the cut may fail. */
  endPhase: Outcome['phase'];
  status: number | 'network error';
  ms: number;
  response?: ApiResponse;
}

/**
 * PostgreSQL and Redis disappear behind TcpProxy (connections dropped and refused) while clients
 * keep calling; the shared servers are never stopped. Our processes are never restarted either.
 */
describe('faults: PostgreSQL or Redis down, then back', () => {
  let world: TestEnvironment;
  let database: TcpProxy;
  let redis: TcpProxy;
  let a: RunningApi;
  let b: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;
  let auditor: Credentials;
  let target: WebhookReceiver;
  let phase: Outcome['phase'] = 'before';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    world = await createTestEnvironment();
    [database, redis] = await Promise.all([new TcpProxy(5432).start(), new TcpProxy(6379).start()]);
    const databaseUrl = new URL(world.env.DATABASE_URL);
    databaseUrl.port = String(database.port);
    const proxied = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redis.port}` };
    target = await WebhookReceiver.start();
    [a, b, worker] = await Promise.all([
      startApi(world.env, proxied),
      startApi(world.env, proxied),
      // An audit job whose fetch reply the outage cut stays active until its lock lapses and the stall
      // check hands it out again; short settings bring that inside the test's wait (defaults: 30 s each).
      startWorker(world.env, {
        ...proxied,
        WEBHOOK_SWEEP_INTERVAL_MS: '500',
        WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
        AUDIT_LOCK_DURATION_MS: '2000',
        AUDIT_STALLED_INTERVAL_MS: '1000',
      }),
    ]);
    [owner, auditor] = await Promise.all([createWorkspace(a.url), createWorkspace(a.url)]);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(a.url, owner, doc.organizationId, ['ed', 'u1']);
    const configured = await post(
      a.url,
      '/v2/workspace/webhookconfig/update',
      { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: target.url('/raw') } },
      apiKeyHeaders(owner),
    );
    expect(configured.status).toBe(200);
  }, LONG);

  afterEach(() => {
    database.restore();
    redis.restore();
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await Promise.all([database?.stop(), redis?.stop(), target?.down()]);
    await world?.dispose();
    for (const process of [a, b, worker]) {
      // Not one unhandled rejection or uncaught exception in our processes through every outage.
      expect(process?.output() ?? '').not.toMatch(/unhandled|uncaught/i);
    }
  }, LONG);

  async function call(
    label: string,
    api: RunningApi,
    path: string,
    data: unknown,
    headers = apiKeyHeaders(owner),
  ): Promise<Outcome> {
    const started = Date.now();
    const at = phase;
    try {
      const response = await post(api.url, path, data, headers);
      return { label, phase: at, endPhase: phase, status: response.status, ms: Date.now() - started, response };
    } catch {
      return { label, phase: at, endPhase: phase, status: 'network error', ms: Date.now() - started };
    }
  }

  /** Runs `loops` until stop() is called; each loop issues one request at a time. */
  function traffic(loops: Array<(n: number) => Promise<Outcome>>) {
    const outcomes: Outcome[] = [];
    let running = true;
    const done = Promise.all(
      loops.map(async (loop) => {
        for (let n = 0; running; n++) {
          outcomes.push(await loop(n));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    return {
      outcomes,
      async stop() {
        running = false;
        await done;
        return outcomes;
      },
    };
  }

  /** Cuts `proxy` for OUTAGE_MS while traffic runs, restores it, and waits until every loop has succeeded again. */
  async function outage(proxy: TcpProxy, outcomes: Outcome[], labels: string[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 500));
    phase = 'down';
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    proxy.restore();
    phase = 'after';
    // Recovery without restarting our processes: every kind of call succeeds again, on both instances.
    await eventually(
      () => {
        for (const label of labels) {
          if (!outcomes.some((o) => o.label === label && o.phase === 'after' && o.status === 200))
            throw new Error(`${label} has not recovered`);
        }
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    // Once recovered, it stays recovered: no straggling failures from connections that died in the outage.
    phase = 'recovered';
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  function expectCleanUnavailable(outcomes: Outcome[]): void {
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(
      unexpected.map((o) => ({ label: o.label, phase: o.phase, status: o.status, body: o.response?.body })),
    ).toEqual([]);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(o.response!.body).toEqual({ error: { status: 'UNAVAILABLE', message: anyString() } });
      expect(Number(o.response!.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const outsideOutage = outcomes.filter(
      (o) => (o.phase === 'before' && o.endPhase === 'before') || o.phase === 'recovered',
    );
    expect(outsideOutage.filter((o) => o.status !== 200).map((o) => [o.label, o.phase, o.response?.body])).toEqual([]);
    const slow = outcomes.filter((o) => o.ms >= MAX_OUTAGE_LATENCY_MS).map((o) => `${o.label} (${o.phase}) ${o.ms} ms`);
    expect(slow).toEqual([]);
  }

  beforeEach(() => {
    phase = 'before';
  });

  it(
    'PostgreSQL: reads and writes answer 503 UNAVAILABLE while it is down, recover, and every accepted write is stored',
    async () => {
      const load = traffic([
        (n) =>
          call('organizations/add', a, '/v2/organizations/add', {
            organizations: [{ organizationId: `pg-a-${n}`, organizationName: 'A' }],
          }),
        (n) =>
          call('documents/add', b, '/v2/organizations/documents/add', {
            organizationId: 'org',
            documents: [{ documentId: `pg-b-${n}`, documentName: 'B' }],
          }),
        () => call('organizations/get', b, '/v2/organizations/get', { organizationIds: ['org'] }),
        () => call('workspace/get', a, '/v2/workspace/get', {}, workspaceHeaders(owner)),
      ]);
      await outage(database, load.outcomes, [
        'organizations/add',
        'documents/add',
        'organizations/get',
        'workspace/get',
      ]);
      const outcomes = await load.stop();

      expectCleanUnavailable(outcomes);
      const down = outcomes.filter((o) => o.phase === 'down');
      for (const label of ['organizations/add', 'documents/add', 'organizations/get', 'workspace/get']) {
        expect(down.filter((o) => o.label === label && o.status === 503).length).toBeGreaterThan(0);
      }
      // No accepted write lost: every organization and document whose add answered 200 is in the database.
      const accepted = (label: string) =>
        outcomes
          .filter((o) => o.label === label && o.status === 200)
          .flatMap((o) => Object.keys(o.response!.body.result.data as BatchResult));
      const organizations = await world.query<{ id: string }>(
        `SELECT id FROM organization WHERE api_key_id = $1 AND id LIKE 'pg-a-%'`,
        [owner.apiKey],
      );
      const documents = await world.query<{ id: string }>(
        `SELECT id FROM document WHERE api_key_id = $1 AND id LIKE 'pg-b-%'`,
        [owner.apiKey],
      );
      expect(accepted('organizations/add').length).toBeGreaterThan(5);
      expect(organizations.map((r) => r.id)).toEqual(expect.arrayContaining(accepted('organizations/add')));
      expect(documents.map((r) => r.id)).toEqual(expect.arrayContaining(accepted('documents/add')));
      console.log(summary('PostgreSQL', outcomes));
    },
    LONG,
  );

  it(
    'Redis: presence and the rate limit answer 503 while it is down, comment writes are accepted and delivered after, realtime works again',
    async () => {
      const before = await connect(a.url, await userToken(a.url, owner, 'ed'));
      sockets.push(before);
      expect((await request(before, 'subscribe', doc)).status).toBe('success');
      const load = traffic([
        (n) => call('presence/add', a, '/v2/presence/add', { ...doc, users: [{ userId: `p${n % 5}` }] }),
        () => call('presence/get', b, '/v2/presence/get', doc),
        (n) =>
          call(
            'workspace/create',
            b,
            '/v2/workspace/create',
            { ownerEmail: `redis${n}@example.com`, name: 'R', workspaceName: 'W' },
            {},
          ),
        (n) =>
          call('commentannotations/add', b, '/v2/commentannotations/add', {
            ...doc,
            from: { userId: 'u1' },
            commentAnnotations: [
              {
                annotationId: `ra-${n}`,
                commentData: [{ commentText: `comment ${n}`, from: { userId: 'u1' }, triggerNotification: true }],
              },
            ],
          }),
        () =>
          call(
            'authtoken/reset',
            a,
            '/v2/workspace/authtoken/reset',
            { apiKey: auditor.apiKey },
            workspaceHeaders(auditor),
          ),
      ]);
      await outage(redis, load.outcomes, [
        'presence/add',
        'presence/get',
        'workspace/create',
        'commentannotations/add',
        'authtoken/reset',
      ]);
      const outcomes = await load.stop();
      const created = outcomes.filter((o) => o.label === 'workspace/create' && o.status === 200).length;

      expectCleanUnavailable(outcomes);
      const down = outcomes.filter((o) => o.phase === 'down');
      for (const label of ['presence/add', 'presence/get', 'workspace/create']) {
        expect(down.filter((o) => o.label === label && o.status === 503).length).toBeGreaterThan(0);
      }
      // Webhook enqueueing is best effort by design (docs/architecture.md "Webhooks": the delivery rows are the source of truth),
      // so comment writes keep being accepted while Redis is away and their deliveries arrive after.
      const comments = outcomes.filter((o) => o.label === 'commentannotations/add' && o.status === 200);
      expect(comments.filter((o) => o.phase === 'down').length).toBeGreaterThan(0);
      const annotationIds = comments.flatMap((o) => Object.keys(o.response!.body.result.data as BatchResult));
      const stored = await world.query<{ id: string }>(
        `SELECT id FROM comment_annotation WHERE api_key_id = $1 AND id LIKE 'ra-%'`,
        [owner.apiKey],
      );
      expect(stored.map((r) => r.id)).toEqual(expect.arrayContaining(annotationIds));
      await eventually(
        () => {
          const delivered = new Set(
            target.received.map((r) => (JSON.parse(r.body) as CommentWebhook).commentAnnotation.annotationId),
          );
          expect(annotationIds.filter((id) => !delivered.has(id))).toEqual([]);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      // A reset does not wait out the outage either: the producer connection refuses the audit job at once,
      // and the event is written directly instead, so none is lost.
      const resets = outcomes.filter((o) => o.label === 'authtoken/reset');
      expect(resets.filter((o) => o.phase === 'down' && o.status === 200).length).toBeGreaterThan(0);
      await eventually(
        async () => {
          const [row] = await world.query<{ count: string }>(
            `SELECT count(*) FROM audit_event WHERE api_key_id = $1 AND action = 'auth_token.reset'`,
            [auditor.apiKey],
          );
          expect(Number(row.count)).toBe(resets.filter((o) => o.status === 200).length);
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
      const owners = await world.query<{ count: string }>(
        `SELECT count(*) FROM account WHERE email LIKE 'redis%@example.com'`,
      );
      expect(Number(owners[0].count)).toBe(created);

      // Realtime after the outage: a socket that stayed connected and a socket that reconnects (to the other
      // instance) both get a broadcast fanned out through the Redis adapter.
      const reconnected = await connect(b.url, await userToken(b.url, owner, 'ed'));
      sockets.push(reconnected);
      const ack = await eventually(async () => {
        const response = await request<{ role: string }>(reconnected, 'subscribe', doc);
        if (response.status !== 'success') throw new Error(JSON.stringify(response));
        return response;
      });
      expect(ack.role).toBe('editor');
      await eventually(
        async () => {
          const id = `after-redis-${Date.now()}`;
          const seen = [
            nextEvent<LiveStateEvent>(before, 'livestate', (e) => e.liveStateDataId === id, 1000),
            nextEvent<LiveStateEvent>(reconnected, 'livestate', (e) => e.liveStateDataId === id, 1000),
          ];
          const sent = await post(
            b.url,
            '/v2/livestate/broadcast',
            { ...doc, liveStateDataId: id, data: { ok: true } },
            apiKeyHeaders(owner),
          );
          expect(sent.status).toBe(200);
          await Promise.all(seen);
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
      console.log(summary('Redis', outcomes));
    },
    LONG,
  );

  it(
    'the browser client keeps its room through a PostgreSQL outage: a refusal that means "not now" is retried, not taken for revoked access',
    async () => {
      const client = new RealtimeClient({
        url: a.url,
        apiKey: owner.apiKey,
        token: (await userToken(a.url, owner, 'ed')).token,
        userId: 'ed',
      });
      try {
        const room = await client.enterDocument(doc.organizationId, doc.documentId);
        const statuses: string[] = [];
        client.onStatus((status) => statuses.push(status));
        database.cut();
        // A network blip: socket.io reconnects, and the handshake or the re-subscribe finds no database.
        client.socket.io.engine.close();
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        expect(room.closed).toBe(false);
        database.restore();
        await eventually(
          async () => {
            const at = Date.now();
            const sent = await post(
              b.url,
              '/v2/livestate/broadcast',
              { ...doc, liveStateDataId: 'after-outage', data: { at } },
              apiKeyHeaders(owner),
            );
            expect(sent.status).toBe(200);
            expect(room.liveState.get('after-outage')).toBeDefined();
          },
          { timeoutMs: 20_000, intervalMs: 300 },
        );
        expect(room.closed).toBe(false);
        expect(statuses[0]).toBe('disconnected');
        expect(statuses).toContain('connected');
      } finally {
        client.disconnect();
      }
    },
    LONG,
  );
});

function summary(name: string, outcomes: Outcome[]): string {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[`${o.phase} ${o.status}`] = (counts[`${o.phase} ${o.status}`] ?? 0) + 1;
  return `${name} outage: ${outcomes.length} requests, ${JSON.stringify(counts)}, slowest ${Math.max(...outcomes.map((o) => o.ms))} ms`;
}
