import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { QUEUE_NAMES } from '../libs/queue/queues';
import { failedBoot, freePort, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, ApiResponse, createWorkspace, post, workspaceHeaders } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { TcpProxy } from './support/tcp-proxy';
import { WebhookReceiver } from './support/webhook-receiver';

const run = promisify(execFile);

describe('operations', () => {
  let world: TestEnvironment;

  beforeAll(async () => {
    world = await createTestEnvironment();
  });

  afterAll(async () => {
    await world?.dispose();
  });

  it('enforces the workspace-create limit per IP across two API instances sharing Redis', async () => {
    const limits = { WORKSPACE_CREATE_LIMIT: '3', WORKSPACE_CREATE_WINDOW_S: '60', REDIS_PREFIX: `${world.name}-rl` };
    const [a, b] = await Promise.all([startApi(world.env, limits), startApi(world.env, limits)]);
    try {
      const statuses: number[] = [];
      let limited: ApiResponse | undefined;
      for (let i = 0; i < 5; i++) {
        const response = await post(i % 2 ? b.url : a.url, '/v2/workspace/create', {
          ownerEmail: `rl${i}@example.com`,
          name: 'R',
          workspaceName: 'W',
        });
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(limited!.body).toEqual({
        error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests. Please try again later.' },
      });
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      const ownerRows = await world.query<{ count: string }>(
        `SELECT count(*) FROM account WHERE email LIKE 'rl%@example.com'`,
      );
      expect(ownerRows[0].count).toBe('3');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('counts clients by X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const limits = { WORKSPACE_CREATE_LIMIT: '1', TRUST_PROXY: '1', REDIS_PREFIX: `${world.name}-xff` };
    const api = await startApi(world.env, limits);
    try {
      const create = (ip: string, i: number) =>
        post(
          api.url,
          '/v2/workspace/create',
          { ownerEmail: `xff${i}@example.com`, name: 'X', workspaceName: 'W' },
          { 'x-forwarded-for': ip },
        );
      expect((await create('203.0.113.1', 1)).status).toBe(200);
      expect((await create('203.0.113.1', 2)).status).toBe(429);
      expect((await create('203.0.113.2', 3)).status).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('an API process enqueues and a separate worker process consumes the audit job', async () => {
    const api = await startApi(world.env);
    try {
      const owner = await createWorkspace(api.url);
      await post(api.url, '/v2/workspace/authtoken/reset', { apiKey: owner.apiKey }, workspaceHeaders(owner));
      // Nothing consumes the queue yet: the API never processes jobs itself.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await world.query('SELECT * FROM audit_event WHERE workspace_id = $1', [owner.workspaceId])).toEqual([]);
      const worker = await startWorker(world.env);
      try {
        const events = await eventually(async () => {
          const rows = await world.query<{ action: string; api_key_id: string | null }>(
            'SELECT action, api_key_id FROM audit_event WHERE workspace_id = $1 ORDER BY occurred_at',
            [owner.workspaceId],
          );
          if (rows.length < 2) throw new Error(`only ${rows.length} audit events`);
          return rows;
        });
        expect(events).toEqual([
          { action: 'workspace.created', api_key_id: null },
          { action: 'auth_token.reset', api_key_id: owner.apiKey },
        ]);
      } finally {
        // Nest closes everything on SIGTERM, then re-raises the signal to end the process.
        expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
        expect(worker.output()).not.toMatch(/"level":50/);
      }
    } finally {
      await api.stop();
    }
  });

  it('a worker answers 503 on /health once its queue workers stop, and finishes its running job before it exits', async () => {
    const api = await startApi(world.env);
    const receiver = await WebhookReceiver.start();
    const port = await freePort();
    const worker = await startWorker(world.env, { WORKER_HEALTH_PORT: String(port) });
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      return {
        status: response.status,
        body: (await response.json()) as { database: string; redis: string; workers: Record<string, string> },
      };
    };
    try {
      expect(await health()).toEqual({
        status: 200,
        body: {
          database: 'up',
          redis: 'up',
          workers: {
            audit: 'up',
            webhook: 'up',
            migration: 'up',
            'user-data': 'up',
            activity: 'up',
            comment: 'up',
            email: 'up',
            workflow: 'up',
            memory: 'up',
            agent: 'up',
          },
        },
      });
      const owner = await createWorkspace(api.url);
      await seedDocument(world, owner.apiKey, 'org-h', 'doc-h');
      await seedEditors(api.url, owner, 'org-h', ['u1']);
      // The receiver holds the delivery for 3 s: a job is running when the worker is told to stop.
      receiver.reply = () => ({ status: 200, delayMs: 3000 });
      const configured = await post(
        api.url,
        '/v2/workspace/webhookconfig/update',
        { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: receiver.url('/raw') } },
        apiKeyHeaders(owner),
      );
      expect(configured.status).toBe(200);
      const annotated = await post(
        api.url,
        '/v2/commentannotations/add',
        {
          organizationId: 'org-h',
          documentId: 'doc-h',
          from: { userId: 'u1' },
          commentAnnotations: [
            {
              annotationId: 'a1',
              commentData: [{ commentText: 'hi', from: { userId: 'u1' }, triggerNotification: true }],
            },
          ],
        },
        apiKeyHeaders(owner),
      );
      expect(annotated.status).toBe(200);
      await eventually(() => expect(receiver.received).toHaveLength(1));

      const stopped = worker.stop('SIGTERM');
      const draining = await eventually(async () => {
        const answer = await health();
        if (answer.status !== 503) throw new Error(`health ${answer.status}`);
        return answer.body;
      });
      expect(draining).toEqual({
        database: 'up',
        redis: 'up',
        workers: {
          audit: 'down',
          webhook: 'down',
          migration: 'down',
          'user-data': 'down',
          activity: 'down',
          comment: 'down',
          email: 'down',
          workflow: 'down',
          memory: 'down',
          agent: 'down',
        },
      });
      expect(await stopped).toBe('SIGTERM');
      // Shutdown waited for the running delivery instead of leaving it to stall and run again elsewhere.
      expect(
        await world.query('SELECT status, attempts FROM webhook_delivery WHERE api_key_id = $1', [owner.apiKey]),
      ).toEqual([{ status: 'succeeded', attempts: 1 }]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await worker.stop();
      await receiver.down();
      await api.stop();
    }
  });

  it('reports UNAVAILABLE while PostgreSQL or Redis is unreachable and recovers without a restart', async () => {
    const database = await new TcpProxy(5432).start();
    const redis = await new TcpProxy(6379).start();
    const databaseUrl = new URL(world.env.DATABASE_URL);
    databaseUrl.port = String(database.port);
    const api = await startApi(world.env, {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      AUTH_CACHE_TTL_MS: '0',
    });
    try {
      const owner = await createWorkspace(api.url);
      for (const [proxy, name] of [
        [database, 'database'],
        [redis, 'redis'],
      ] as const) {
        proxy.cut();
        const health = await eventually(async () => {
          const response = await fetch(`${api.url}/health`);
          if (response.status !== 503) throw new Error(`health ${response.status}`);
          return (await response.json()) as { error: { status: string; message: string } };
        });
        expect(health.error.status).toBe('UNAVAILABLE');
        expect(health.error.message).toContain(name);
        if (name === 'database') {
          const call = await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(owner));
          expect(call.status).toBe(503);
          expect(call.body.error.status).toBe('UNAVAILABLE');
          expect(call.headers.get('retry-after')).toBe('1');
        }
        proxy.restore();
        await eventually(
          async () => {
            const response = await fetch(`${api.url}/health`);
            if (response.status !== 200) throw new Error(`health ${response.status}`);
          },
          { timeoutMs: 20_000 },
        );
        const after = await post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(owner));
        expect(after.status).toBe(200);
      }
    } finally {
      await api.stop();
      await database.stop();
      await redis.stop();
    }
  });

  it('finishes in-flight requests when stopped with SIGTERM', async () => {
    const api = await startApi(world.env);
    const owner = await createWorkspace(api.url);
    const inFlight = Array.from({ length: 40 }, () =>
      post(api.url, '/v2/workspace/domains/get', {}, apiKeyHeaders(owner)).then(
        (r) => r.status,
        () => 'refused',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = api.stop('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(await stopped).toBe('SIGTERM');
    expect(statuses.filter((status) => status !== 200 && status !== 'refused')).toEqual([]);
    expect(statuses).toContain(200);
  });

  it('writes the buffered access lines while running, and on a SIGTERM stop the line of every answered request', async () => {
    const api = await startApi(world.env, { LOG_LEVEL: 'info' });
    const headers = apiKeyHeaders(await createWorkspace(api.url));
    const loggedIds = () =>
      api
        .output()
        .split('\n')
        .filter((line) => line.includes('"request completed"'))
        .map((line) => (JSON.parse(line) as { requestId: string }).requestId);
    const get = (id: string) =>
      post(api.url, '/v2/workspace/domains/get', {}, { ...headers, 'x-request-id': id }).then((r) => r.status);
    expect(await get('alone')).toBe(200);
    // Far below the buffer's 4 KiB: only the periodic flush writes it out.
    await eventually(() => expect(loggedIds()).toContain('alone'));
    const ids = Array.from({ length: 10 }, (_, i) => `before-stop-${i}`);
    expect(await Promise.all(ids.map(get))).toEqual(ids.map(() => 200));
    expect(await api.stop('SIGTERM')).toBe('SIGTERM');
    expect(loggedIds()).toEqual(expect.arrayContaining(ids));
  });

  it('refuses to boot on a bad configuration value, with one clear line', async () => {
    expect(await failedBoot('api', { ...world.env, PORT: 'eighty' })).toEqual({
      code: 1,
      stderr: 'Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty").',
    });
  });

  it('refuses to start a worker for a queue that does not exist, with one clear line', async () => {
    expect(await failedBoot('worker', { ...world.env, WORKER_QUEUES: 'webhook,webhooks' })).toEqual({
      code: 1,
      stderr: `Invalid configuration: WORKER_QUEUES names unknown queues: webhooks (known: ${QUEUE_NAMES.join(', ')}).`,
    });
  });

  it('has migrations that match the entities exactly', async () => {
    const { stdout } = await run(
      process.execPath,
      ['node_modules/typeorm/cli.js', 'schema:log', '-d', 'dist/apps/schema/src/data-source.js'],
      {
        env: { ...process.env, ...world.env },
      },
    );
    expect(stdout).toContain('Your schema is up to date');
  });
});
