import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

const LONG = 90_000;
/** Test-only short schedule (production: 5 s ... 10 h): three attempts in all, and a fast sweeper. */
const WORKER_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '300,300', WEBHOOK_SWEEP_INTERVAL_MS: '500', LOG_LEVEL: 'info' };
const doc = { organizationId: 'org-a', documentId: 'doc-a' };

/** Velt's advanced envelope. */
interface Envelope {
  webhookId: string;
  event: string;
  actionType: string;
  source: string;
  data: Record<string, unknown> & { commentAnnotation?: { annotationId: string } };
}

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  createdAt: string;
  updatedAt: string;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string | null;
  event: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

interface Delivery {
  id: string;
  endpointId: string | null;
  event: string;
  status: string;
}

describe('advanced webhooks', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | null = null;
  const receivers: WebhookReceiver[] = [];

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  async function receiver(): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  }

  /** A fresh API key with a seeded document and advanced webhooks enabled. */
  async function tenant(): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, who, doc.organizationId, ['u1']);
    const enabled = await call(who, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    expect(enabled.status).toBe(200);
    return who;
  }

  async function endpoint(who: Credentials, data: Record<string, unknown>): Promise<{ id: string; secret: string }> {
    const created = await call<Endpoint>(who, '/v2/workspace/advancedwebhook/endpoints/create', data);
    expect(created.status).toBe(200);
    const secret = await call<{ endpointId: string; secret: string }>(
      who,
      '/v2/workspace/advancedwebhook/endpoints/secret/get',
      { endpointId: created.body.result.data.id },
    );
    expect(secret.body.result.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    return { id: created.body.result.data.id, secret: secret.body.result.data.secret };
  }

  /** An annotation whose first comment asks for notifications, emitting comment_annotation.add. */
  async function annotate(who: Credentials, annotationIds: string[]): Promise<void> {
    const added = await call<BatchResult>(who, '/v2/commentannotations/add', {
      ...doc,
      from: { userId: 'u1' },
      commentAnnotations: annotationIds.map((annotationId) => ({
        annotationId,
        commentData: [{ commentText: 'hi', from: { userId: 'u1' }, triggerNotification: true }],
      })),
    });
    for (const annotationId of annotationIds) expect(added.body.result.data[annotationId].success).toBe(true);
  }

  /** Verifies a delivery as a receiver would, with the standardwebhooks package and the whsec_ secret unchanged. */
  function verify(secret: string, request: ReceivedWebhook): Envelope {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Envelope;
  }

  async function rows(who: Credentials, endpointId: string): Promise<DeliveryRow[]> {
    return world.query<DeliveryRow>(
      'SELECT * FROM webhook_delivery WHERE api_key_id = $1 AND endpoint_id = $2 ORDER BY seq',
      [who.apiKey, endpointId],
    );
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, WORKER_ENV);
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await Promise.all(receivers.map((r) => r.down()));
    await api?.stop();
    await world?.dispose();
  }, LONG);

  describe('configuration and endpoints', () => {
    it("answers Velt's examples in Velt's shapes and messages", async () => {
      const who = await createWorkspace(api.url);
      let endpointId = '';
      const pages = [
        'config-update',
        'config-get',
        '-endpoints-create',
        '-endpoints-get',
        '-endpoints-update',
        '-endpoints-secret-get',
        '-endpoints-delete',
      ];
      for (const name of pages) {
        const page = veltPage('v2', `workspace-advancedwebhook${name}`);
        const data = requestData(page.requestExamples[0]);
        const response = await call(who, page.path, 'endpointId' in data ? { ...data, endpointId } : data);
        expect([page.path, response.status, response.body.error]).toEqual([page.path, 200, undefined]);
        expect(response.body.result.message).toBe(page.responseExample?.result.message);
        expect([page.path, responseProblems(page, response.body)]).toEqual([page.path, []]);
        if (name === '-endpoints-create') endpointId = (response.body.result.data as Endpoint).id;
      }
    });

    it('answers defaults, refuses endpoints until enabled, and needs isEnabled on the first update', async () => {
      const who = await createWorkspace(api.url);
      const initial = await call(who, '/v2/workspace/advancedwebhookconfig/get', {});
      expect(initial.body.result.data).toEqual({
        isEnabled: false,
        encryptData: false,
        encodeData: false,
        publicKey: '',
        enableDataProtection: false,
      });
      const early = await call(who, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: 'http://127.0.0.1:9/hook',
      });
      expect(early.status).toBe(400);
      expect(early.body.error).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message: expect.stringContaining('not configured') as unknown,
      });
      const notFirst = await call(who, '/v2/workspace/advancedwebhookconfig/update', { encodeData: true });
      expect(notFirst.body.error.status).toBe('FAILED_PRECONDITION');
      const empty = await call(who, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: null });
      expect(empty.body.error.status).toBe('INVALID_ARGUMENT');
      const enabled = await call(who, '/v2/workspace/advancedwebhookconfig/update', {
        isEnabled: true,
        encodeData: false,
      });
      expect(enabled.body.result).toMatchObject({
        message: 'Advanced webhook configuration updated successfully.',
        data: { isEnabled: true, encodeData: false, publicKey: '' },
      });
      await call(who, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: false });
      const disabled = await call(who, '/v2/workspace/advancedwebhook/endpoints/get', {});
      expect(disabled.body.error).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message: expect.stringContaining('disabled') as unknown,
      });
    });

    it("creates, lists, updates and deletes endpoints in Velt's shapes, with the secret encrypted at rest", async () => {
      const who = await tenant();
      const created = await call<Endpoint>(who, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: 'http://127.0.0.1:9/hook',
        description: 'Primary endpoint',
        filterTypes: ['comment.add', 'comment.update'],
        uid: 'primary',
      });
      expect(created.body.result).toMatchObject({
        message: 'Advanced webhook endpoint created successfully.',
        data: {
          id: expect.stringMatching(/^ep_/) as unknown,
          url: 'http://127.0.0.1:9/hook',
          description: 'Primary endpoint',
          filterTypes: ['comment.add', 'comment.update'],
          channels: null,
          disabled: false,
          rateLimit: null,
          uid: 'primary',
        },
      });
      const id = created.body.result.data.id;
      const duplicate = await call(who, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: 'http://127.0.0.1:9/other',
        uid: 'primary',
      });
      expect(duplicate.body.error.status).toBe('ALREADY_EXISTS');
      const unknownType = await call(who, '/v2/workspace/advancedwebhook/endpoints/create', {
        url: 'http://127.0.0.1:9/x',
        filterTypes: ['comment.explode'],
      });
      expect(unknownType.body.error.status).toBe('INVALID_ARGUMENT');

      const { secret } = await endpoint(who, { url: 'http://127.0.0.1:9/second' });
      const [stored] = await world.query<{ secret_ciphertext: string }>(
        'SELECT secret_ciphertext FROM webhook_endpoint WHERE api_key_id = $1 AND url = $2',
        [who.apiKey, 'http://127.0.0.1:9/second'],
      );
      expect(stored.secret_ciphertext).not.toContain(secret.slice('whsec_'.length));

      const first = await call<{ endpoints: Endpoint[]; iterator: string | null; done: boolean }>(
        who,
        '/v2/workspace/advancedwebhook/endpoints/get',
        { limit: 1 },
      );
      expect(first.body.result.data).toMatchObject({ endpoints: [{ id }], done: false, prevIterator: null });
      const second = await call<{ endpoints: Endpoint[]; iterator: string | null; done: boolean }>(
        who,
        '/v2/workspace/advancedwebhook/endpoints/get',
        { limit: 1, iterator: first.body.result.data.iterator },
      );
      expect(second.body.result.data).toMatchObject({
        endpoints: [{ url: 'http://127.0.0.1:9/second' }],
        iterator: null,
        done: true,
      });

      const nothing = await call(who, '/v2/workspace/advancedwebhook/endpoints/update', { endpointId: id });
      expect(nothing.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'At least one endpoint field besides endpointId must be provided.',
      });
      const updated = await call<Endpoint>(who, '/v2/workspace/advancedwebhook/endpoints/update', {
        endpointId: id,
        description: 'Renamed',
        rateLimit: 5,
      });
      expect(updated.body.result.data).toMatchObject({
        id,
        description: 'Renamed',
        rateLimit: 5,
        filterTypes: ['comment.add', 'comment.update'],
        uid: 'primary',
      });

      const deleted = await call(who, '/v2/workspace/advancedwebhook/endpoints/delete', { endpointId: id });
      expect(deleted.body.result.data).toEqual({ endpointId: id, deleted: true });
      const gone = await call(who, '/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId: id });
      expect(gone.body.error.status).toBe('NOT_FOUND');
    });
  });

  describe('deliveries', () => {
    it("delivers an event only to the endpoints whose filter takes it, in Velt's envelope, verifiable with standardwebhooks", async () => {
      const who = await tenant();
      const [matching, other, disabled] = [await receiver(), await receiver(), await receiver()];
      const a = await endpoint(who, { url: matching.url(), filterTypes: ['comment_annotation.add'] });
      const b = await endpoint(who, { url: other.url(), filterTypes: ['comment.delete'] });
      const c = await endpoint(who, { url: disabled.url(), disabled: true });
      await annotate(who, ['a1']);

      await eventually(() => expect(matching.received).toHaveLength(1));
      const request = matching.received[0];
      const envelope = verify(a.secret, request);
      expect(envelope).toMatchObject({
        event: 'comment_annotation.add',
        source: 'comment',
        actionType: expect.any(String) as unknown,
        data: { commentAnnotation: { annotationId: 'a1' } },
      });
      expect(Object.keys(envelope).sort()).toEqual(['actionType', 'data', 'event', 'source', 'webhookId']);
      expect(request.headers['webhook-id']).toBe(envelope.webhookId);
      expect(() => verify(b.secret, request)).toThrow();
      // Written in the emitter's transaction: none for the other filter or the disabled endpoint, ever.
      expect(await rows(who, b.id)).toEqual([]);
      expect(await rows(who, c.id)).toEqual([]);
      await eventually(async () =>
        expect(await rows(who, a.id)).toEqual([
          expect.objectContaining({
            id: envelope.webhookId,
            status: 'succeeded',
            attempts: 1,
            event: 'comment_annotation.add',
          }),
        ]),
      );
      expect(other.received).toHaveLength(0);
      expect(disabled.received).toHaveLength(0);
    });

    it('encodes the envelope when the configuration says so, signing the body as sent', async () => {
      const who = await tenant();
      await call(who, '/v2/workspace/advancedwebhookconfig/update', { encodeData: true });
      const target = await receiver();
      const { secret } = await endpoint(who, { url: target.url() });
      await annotate(who, ['e1']);
      await eventually(() => expect(target.received).toHaveLength(1));
      const { encodedPayload } = new Webhook(secret).verify(
        target.received[0].body,
        target.received[0].headers as Record<string, string>,
      ) as { encodedPayload: string };
      const envelope = JSON.parse(Buffer.from(encodedPayload, 'base64').toString('utf8')) as Envelope;
      expect(envelope).toMatchObject({
        webhookId: target.received[0].headers['webhook-id'],
        event: 'comment_annotation.add',
        data: { commentAnnotation: { annotationId: 'e1' } },
      });
    });

    it('signs with both secrets during the 24-hour overlap after a rotation', async () => {
      const who = await tenant();
      const target = await receiver();
      const { id, secret: old } = await endpoint(who, { url: target.url() });
      const rotated = await call<{ endpointId: string; secret: string; previousSecretExpiresAt: string }>(
        who,
        '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
        { endpointId: id },
      );
      const fresh = rotated.body.result.data.secret;
      expect(fresh).toMatch(/^whsec_/);
      expect(fresh).not.toBe(old);
      expect(Date.parse(rotated.body.result.data.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(
        23.9 * 3600 * 1000,
      );
      const current = await call<{ secret: string }>(who, '/v2/workspace/advancedwebhook/endpoints/secret/get', {
        endpointId: id,
      });
      expect(current.body.result.data.secret).toBe(fresh);

      await annotate(who, ['r1']);
      await eventually(() => expect(target.received).toHaveLength(1));
      const request = target.received[0];
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verify(fresh, request).data.commentAnnotation?.annotationId).toBe('r1');
      expect(verify(old, request).data.commentAnnotation?.annotationId).toBe('r1');

      // Once the overlap is over, only the new secret signs.
      await world.query(
        `UPDATE webhook_endpoint SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
        [id],
      );
      await annotate(who, ['r2']);
      await eventually(() => expect(target.received).toHaveLength(2));
      expect(verify(fresh, target.received[1]).data.commentAnnotation?.annotationId).toBe('r2');
      expect(() => verify(old, target.received[1])).toThrow();
    });

    it(
      "delays deliveries over an endpoint's rate limit, across workers, and delivers them all, spent as no attempt",
      async () => {
        const who = await tenant();
        const target = await receiver();
        const { id } = await endpoint(who, { url: target.url(), rateLimit: 1 });
        // A second worker takes jobs from the same queue: the budget is one, in Redis.
        const second = await startWorker(world.env, WORKER_ENV);
        try {
          await annotate(who, ['l1', 'l2', 'l3']);
          await eventually(() => expect(target.received).toHaveLength(3), { timeoutMs: 15_000 });
        } finally {
          await second.stop();
        }
        const times = target.received.map((request) => request.receivedAt);
        // One per second: the third may go 2 s after the first was let through (slack for the first one's own send latency).
        expect(times[2] - times[0]).toBeGreaterThanOrEqual(1500);
        // The row is written once the receiver has answered.
        await eventually(async () =>
          expect((await rows(who, id)).map((row) => [row.status, row.attempts])).toEqual([
            ['succeeded', 1],
            ['succeeded', 1],
            ['succeeded', 1],
          ]),
        );
      },
      LONG,
    );

    it('reports exhausted attempts with message.attempt.exhausted to a subscribed endpoint, not to the failing one', async () => {
      const who = await tenant();
      const [failing, watcher] = [await receiver(), await receiver()];
      failing.reply = () => ({ status: 500 });
      const bad = await endpoint(who, { url: failing.url() });
      const ops = await endpoint(who, { url: watcher.url(), filterTypes: ['message.attempt.exhausted'] });
      await annotate(who, ['x1']);

      await eventually(() => expect(watcher.received).toHaveLength(1), { timeoutMs: 15_000 });
      const report = verify(ops.secret, watcher.received[0]);
      const [failed] = await rows(who, bad.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 3, event: 'comment_annotation.add' });
      expect(report).toMatchObject({
        event: 'message.attempt.exhausted',
        source: 'webhook',
        data: {
          endpointId: bad.id,
          msgId: failed.id,
          eventType: 'comment_annotation.add',
          attempts: 3,
          lastAttempt: { responseStatusCode: 500 },
        },
      });
      expect(failing.received).toHaveLength(3);
      expect(failing.received.every((request) => verify(bad.secret, request).event === 'comment_annotation.add')).toBe(
        true,
      );
    });

    it('lists and replays the deliveries of one endpoint', async () => {
      const who = await tenant();
      const [flaky, steady] = [await receiver(), await receiver()];
      flaky.reply = () => ({ status: 500 });
      steady.reply = () => ({ status: 500 });
      const first = await endpoint(who, { url: flaky.url(), filterTypes: ['comment_annotation.add'] });
      const second = await endpoint(who, { url: steady.url(), filterTypes: ['comment_annotation.add'] });
      const since = new Date(Date.now() - 1000).toISOString();
      await annotate(who, ['p1']);
      await eventually(async () => expect((await rows(who, first.id)).map((row) => row.status)).toEqual(['failed']), {
        timeoutMs: 15_000,
      });
      await eventually(async () => expect((await rows(who, second.id)).map((row) => row.status)).toEqual(['failed']), {
        timeoutMs: 15_000,
      });

      const listed = await call<Delivery[]>(who, '/v2/workspace/webhooks/deliveries/get', { endpointId: first.id });
      expect(listed.body.result.data).toEqual([
        expect.objectContaining({ endpointId: first.id, status: 'failed', event: 'comment_annotation.add' }),
      ]);

      flaky.reply = () => ({ status: 200 });
      const retried = await call<BatchResult>(who, '/v2/workspace/webhooks/deliveries/retry', {
        failedSince: since,
        endpointId: first.id,
      });
      expect(Object.keys(retried.body.result.data)).toEqual([listed.body.result.data[0].id]);
      await eventually(async () => expect((await rows(who, first.id)).map((row) => row.status)).toEqual(['succeeded']));
      const replayed = flaky.received[flaky.received.length - 1];
      expect(replayed.headers['webhook-id']).toBe(listed.body.result.data[0].id);
      expect(verify(first.secret, replayed).data.commentAnnotation?.annotationId).toBe('p1');
      expect((await rows(who, second.id)).map((row) => row.status)).toEqual(['failed']);
    });

    it('cancels the pending deliveries of a deleted endpoint and stops delivering to a disabled one', async () => {
      const who = await tenant();
      const target = await receiver();
      const { id } = await endpoint(who, { url: target.url(), rateLimit: 1 });
      await annotate(who, ['d1', 'd2', 'd3']);
      await call(who, '/v2/workspace/advancedwebhook/endpoints/delete', { endpointId: id });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const statuses = (await rows(who, id)).map((row) => row.status);
      expect(statuses.filter((status) => status === 'cancelled').length).toBeGreaterThanOrEqual(2);
      // At most the one delivery already in flight when the endpoint went; its late answer does not undo the cancel.
      expect(statuses.every((status) => status === 'cancelled' || status === 'succeeded')).toBe(true);
      expect(target.received.length).toBeLessThanOrEqual(1);

      const other = await receiver();
      const kept = await endpoint(who, { url: other.url() });
      await call(who, '/v2/workspace/advancedwebhook/endpoints/update', { endpointId: kept.id, disabled: true });
      await annotate(who, ['d4']);
      expect(await rows(who, kept.id)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(other.received).toHaveLength(0);
    });
  });
});
