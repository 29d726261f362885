import { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, REDIS_URL, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { settled, startMigration, WORKER_TIMINGS } from './support/migrations';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

const LONG = 90_000;
const WORKER_ENV = { ...WORKER_TIMINGS, WEBHOOK_RETRY_SCHEDULE_MS: '400,400,400', WEBHOOK_SWEEP_INTERVAL_MS: '500' };

/** Triggers beyond the spec's comment triggers, end to end: emitted in a domain's transaction, delivered by a worker. */
describe('event triggers beyond the comments: document.migrated, organization, document, access', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let target: WebhookReceiver;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const as =
    (who: Credentials) =>
    <T = unknown>(path: string, data: unknown) =>
      call<T>(who, path, data);
  const migrationDeliveries = (who: Credentials) =>
    world.query<{ id: string; target: string; document_id: string; status: string }>(
      `SELECT id, target, document_id, status FROM webhook_delivery WHERE api_key_id = $1 AND event = 'document.migrated' ORDER BY target`,
      [who.apiKey],
    );

  /** A fresh API key with organization `acme` holding `documentIds`, and webhooks configured with `triggers`. */
  async function tenant(documentIds: string[], triggers?: Record<string, boolean>): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    expect((await call(who, '/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] })).status).toBe(
      200,
    );
    expect(
      (
        await call(who, '/v2/organizations/documents/add', {
          organizationId: 'acme',
          documents: documentIds.map((documentId) => ({ documentId })),
        })
      ).status,
    ).toBe(200);
    const config = await call(who, '/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: `token-${who.apiKey}`,
        rawNotificationUrl: target.url('/raw'),
        processedNotificationUrl: target.url('/processed'),
        triggers,
      },
    });
    expect(config.status).toBe(200);
    return who;
  }

  function verify(who: Credentials, request: ReceivedWebhook): Record<string, unknown> {
    const token = `token-${who.apiKey}`;
    expect(request.headers.authorization).toBe(`Basic ${token}`);
    return new Webhook(Buffer.from(token).toString('base64')).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as Record<string, unknown>;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, WORKER_ENV);
    target = await WebhookReceiver.start();
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await target?.down();
    await api?.stop();
    await world?.dispose();
  }, LONG);

  it(
    'is delivered raw and processed, signed, from the transaction that re-keys, exactly once when the job runs again',
    async () => {
      const who = await tenant(['plan'], { 'document.migrated': true });
      const startedAt = Date.now();
      const migrationId = await startMigration(as(who), 'acme', 'plan', 'plan-2');
      expect(await settled(as(who), 'acme', migrationId)).toEqual({ migrationId, status: 'completed' });
      // Recorded in the migration's own transaction: there the moment it reads completed.
      const recorded = await migrationDeliveries(who);
      expect(recorded.map((row) => [row.target, row.document_id])).toEqual([
        ['processed', 'plan'],
        ['raw', 'plan'],
      ]);

      const delivered = () => target.received.filter((r) => r.body.includes(migrationId));
      await eventually(() => expect(delivered()).toHaveLength(2), { timeoutMs: 20_000 });
      const payloadOf = (kind: string) => {
        const row = recorded.find((r) => r.target === kind)!;
        const request = delivered().find((r) => r.headers['webhook-id'] === row.id)!;
        return { id: row.id, payload: verify(who, request) };
      };
      const raw = payloadOf('raw');
      const processed = payloadOf('processed');
      const migration = { organizationId: 'acme', documentId: 'plan', newDocumentId: 'plan-2', migrationId };
      const { timestamp } = raw.payload;
      expect(timestamp).toBeGreaterThanOrEqual(startedAt);
      expect(timestamp).toBeLessThanOrEqual(Date.now());
      expect(raw.payload).toEqual({
        webhookId: raw.id,
        event: 'document.migrated',
        actionType: 'migrated',
        notificationSource: 'document',
        ...migration,
        metadata: { apiKey: who.apiKey, organizationId: 'acme', documentId: 'plan' },
        timestamp,
      });
      expect(processed.payload).toEqual({
        webhookId: processed.id,
        ...migration,
        actionType: 'migrated',
        event: 'document.migrated',
        timestamp,
      });
      await eventually(async () =>
        expect((await migrationDeliveries(who)).map((row) => row.status)).toEqual(['succeeded', 'succeeded']),
      );

      // A retried or duplicated job finds the migration settled: it re-keys nothing and emits nothing.
      const queue = new Queue('migration', { connection: { url: REDIS_URL }, prefix: `${world.name}:bull` });
      try {
        const again = await queue.add('migrate', { migrationId }, { jobId: `${migrationId}-again` });
        await eventually(async () => expect(await queue.getJobState(again.id!)).toBe('completed'), {
          timeoutMs: 20_000,
        });
      } finally {
        await queue.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await migrationDeliveries(who)).toHaveLength(2);
      expect(delivered()).toHaveLength(2);
    },
    LONG,
  );

  it(
    'is off unless the configuration enables it; an unknown trigger name is still refused',
    async () => {
      const silent = await tenant(['draft']);
      const migrationId = await startMigration(as(silent), 'acme', 'draft', 'draft-2');
      expect(await settled(as(silent), 'acme', migrationId)).toEqual({ migrationId, status: 'completed' });
      expect(await migrationDeliveries(silent)).toEqual([]);
      const refused = await call(silent, '/v2/workspace/webhookconfig/update', {
        webhookServiceConfig: { triggers: { 'document.migrate': true } },
      });
      expect(refused.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Invalid webhook service configuration.' },
      });
    },
    LONG,
  );

  it(
    'organization, document and access triggers are off by default; once enabled they are delivered raw and processed',
    async () => {
      const deliveriesOf = (who: Credentials) =>
        world.query<{ id: string; event: string; target: string }>(
          'SELECT id, event, target FROM webhook_delivery WHERE api_key_id = $1 ORDER BY seq',
          [who.apiKey],
        );
      const silent = await tenant(['quiet']);
      expect((await call(silent, '/v2/users/add', { organizationId: 'acme', users: [{ userId: 'u1' }] })).status).toBe(
        200,
      );
      expect(await deliveriesOf(silent)).toEqual([]);

      const who = await tenant(['doc'], { 'organization.update': true, 'access.grant_add': true });
      expect(
        (
          await call(who, '/v2/organizations/update', {
            organizations: [{ organizationId: 'acme', organizationName: 'Acme 2' }],
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(who, '/v2/users/add', {
            organizationId: 'acme',
            documentId: 'doc',
            users: [{ userId: 'u1', accessRole: 'viewer' }],
          })
        ).status,
      ).toBe(200);
      const rows = await deliveriesOf(who);
      expect(rows.map((row) => [row.event, row.target])).toEqual([
        ['organization.update', 'raw'],
        ['organization.update', 'processed'],
        ['access.grant_add', 'raw'],
        ['access.grant_add', 'processed'],
      ]);
      const ids = new Set(rows.map((row) => row.id));
      await eventually(
        () => expect(target.received.filter((r) => ids.has(r.headers['webhook-id'] as string))).toHaveLength(4),
        { timeoutMs: 20_000 },
      );
      const payloadOf = (event: string, kind: string) => {
        const row = rows.find((r) => r.event === event && r.target === kind)!;
        return verify(
          who,
          target.received.find((r) => r.headers['webhook-id'] === row.id)!,
        );
      };
      const organizationRaw = payloadOf('organization.update', 'raw');
      const { webhookId, timestamp } = organizationRaw;
      expect(organizationRaw).toEqual({
        webhookId,
        event: 'organization.update',
        actionType: 'update',
        notificationSource: 'organization',
        actionUser: null,
        organization: { organizationId: 'acme', organizationName: 'Acme 2', metadata: {}, disabled: false },
        changes: { organizationName: { from: 'acme', to: 'Acme 2' } },
        metadata: { apiKey: who.apiKey, organizationId: 'acme' },
        timestamp,
      });
      expect(rows.map((row) => row.id)).toContain(webhookId);
      expect(typeof timestamp).toBe('number');
      expect(payloadOf('organization.update', 'processed')).toMatchObject({
        organizationId: 'acme',
        organizationName: 'Acme 2',
        actionType: 'update',
        event: 'organization.update',
      });
      expect(payloadOf('access.grant_add', 'raw')).toMatchObject({
        notificationSource: 'access',
        actionType: 'grant_add',
        resource: { type: 'document', id: 'doc', organizationId: 'acme' },
        grant: { userId: 'u1', accessRole: 'viewer', expiresAt: null },
        changes: { accessRole: { from: null, to: 'viewer' } },
        metadata: { apiKey: who.apiKey, organizationId: 'acme', documentId: 'doc' },
      });
      expect(payloadOf('access.grant_add', 'processed')).toMatchObject({
        resourceType: 'document',
        resourceId: 'doc',
        userId: 'u1',
        accessRole: 'viewer',
        event: 'access.grant_add',
      });
    },
    LONG,
  );
});
