import { Queue } from 'bullmq';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, REDIS_URL, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

const LONG = 90_000;
/** Test-only short schedule (production: 5 s ... 10 h) and a fast sweeper. */
// LOG_LEVEL info: startWorker waits for the worker's info-level ready line.
const WORKER_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '400,400,400', WEBHOOK_SWEEP_INTERVAL_MS: '500', LOG_LEVEL: 'info' };
const doc = { organizationId: 'org-w', documentId: 'doc-w' };

/** A delivered event, raw (`notificationSource` set) or processed. */
interface WebhookEvent {
  event: string;
  actionType: string;
  notificationSource?: string;
  webhookId: string;
  metadata: unknown;
  commentAnnotation: { annotationId: string; comments: unknown[] };
}

interface EncryptedBody {
  encryptedData: string;
  encryptedKey: string;
  iv: string;
}

interface DeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
  last_http_status: number | null;
  last_error: string | null;
}

interface WebhookConfigRow {
  use_webhook_service: boolean;
  service_config: { triggers?: Record<string, boolean> };
  auth_token_ciphertext: string | null;
}

/** data of /v2/workspace/webhookconfig/get. */
interface WebhookConfigView {
  useWebhookService: boolean;
  webhookServiceConfig: Record<string, unknown>;
}

/** A delivery-log entry of /v2/workspace/webhooks/deliveries/get. */
interface Delivery {
  id: string;
  status: string;
}

describe('webhook delivery', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | null = null;
  const receivers: WebhookReceiver[] = [];
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  async function receiver(): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  }

  /** A fresh API key with a seeded document and webhooks pointed at `target`. */
  async function tenant(target: WebhookReceiver, config: Record<string, unknown> = {}): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, who, doc.organizationId, ['u1', 'u2', 'u3', 'u5']);
    const updated = await call(who, '/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: `token-${who.apiKey}`,
        rawNotificationUrl: target.url('/raw'),
        processedNotificationUrl: target.url('/processed'),
        ...config,
      },
    });
    expect(updated.status).toBe(200);
    return who;
  }

  /** An annotation whose first comment asks for notifications (Velt: REST writes notify only when told). */
  async function annotate(who: Credentials, annotationId: string): Promise<void> {
    const added = await call<BatchResult>(who, '/v2/commentannotations/add', {
      ...doc,
      from: { userId: 'u1' },
      commentAnnotations: [
        { annotationId, commentData: [{ commentText: 'hi', from: { userId: 'u1' }, triggerNotification: true }] },
      ],
    });
    expect(added.body.result.data[annotationId].success).toBe(true);
  }

  /** Checks the delivery's credentials and signature; `T` is the body shape the caller expects. */
  function verify<T = WebhookEvent>(who: Credentials, request: ReceivedWebhook): T {
    const token = `token-${who.apiKey}`;
    expect(request.headers.authorization).toBe(`Basic ${token}`);
    return new Webhook(Buffer.from(token).toString('base64')).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as T;
  }

  function decrypt(body: EncryptedBody): unknown {
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.encryptedKey, 'base64'),
    );
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(body.iv, 'base64'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(body.encryptedData, 'base64')), decipher.final()]).toString('utf8'),
    );
  }

  async function deliveries(who: Credentials): Promise<DeliveryRow[]> {
    return world.query<DeliveryRow>('SELECT * FROM webhook_delivery WHERE api_key_id = $1 ORDER BY seq', [who.apiKey]);
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

  describe('/v2/workspace/webhookconfig/update', () => {
    it('stores the configuration with the authToken encrypted', async () => {
      const who = await createWorkspace(api.url);
      const response = await call(who, '/v2/workspace/webhookconfig/update', {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: 'super-secret-token',
          rawNotificationUrl: 'http://127.0.0.1:9/raw',
          encryptData: true,
          publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          triggers: { 'comment.add': false },
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        status: 'success',
        message: 'Webhook configuration updated successfully.',
        data: null,
      });
      const [row] = await world.query<WebhookConfigRow>('SELECT * FROM webhook_config WHERE api_key_id = $1', [
        who.apiKey,
      ]);
      expect(row.use_webhook_service).toBe(true);
      expect(row.service_config.triggers).toEqual({ 'comment.add': false });
      expect(JSON.stringify(row)).not.toContain('super-secret-token');
      const toggled = await call(who, '/v2/workspace/webhookconfig/update', { useWebhookService: false });
      expect(toggled.status).toBe(200);
      const [after] = await world.query<WebhookConfigRow>('SELECT * FROM webhook_config WHERE api_key_id = $1', [
        who.apiKey,
      ]);
      expect(after.use_webhook_service).toBe(false);
      expect(after.service_config).toEqual(row.service_config);
    });

    it('merges an update into the stored config: absent keeps, null clears, trigger flags one by one', async () => {
      const who = await createWorkspace(api.url);
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const first = await call(who, '/v2/workspace/webhookconfig/update', {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: 'kept-token',
          rawNotificationUrl: 'http://127.0.0.1:9/raw',
          processedNotificationUrl: 'http://127.0.0.1:9/p',
          encryptData: true,
          publicKey: pem,
          triggers: { 'comment.add': false, 'comment.delete': false },
        },
      });
      expect(first.status).toBe(200);
      const [before] = await world.query<WebhookConfigRow>('SELECT * FROM webhook_config WHERE api_key_id = $1', [
        who.apiKey,
      ]);

      const partial = await call(who, '/v2/workspace/webhookconfig/update', {
        webhookServiceConfig: {
          rawNotificationUrl: 'http://127.0.0.1:9/raw2',
          triggers: { 'comment.add': true, 'comment_annotation.suggestion_accept': true },
        },
      });
      expect(partial.status).toBe(200);
      const [after] = await world.query<WebhookConfigRow>('SELECT * FROM webhook_config WHERE api_key_id = $1', [
        who.apiKey,
      ]);
      expect(after.auth_token_ciphertext).toBe(before.auth_token_ciphertext);
      const merged = await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {});
      expect(merged.status).toBe(200);
      expect(merged.body.result).toEqual({
        status: 'success',
        message: 'Webhook configuration retrieved successfully.',
        data: {
          useWebhookService: true,
          webhookServiceConfig: {
            authTokenSet: true,
            rawNotificationUrl: 'http://127.0.0.1:9/raw2',
            processedNotificationUrl: 'http://127.0.0.1:9/p',
            encodeData: false,
            encryptData: true,
            publicKey: pem,
            triggers: { 'comment.add': true, 'comment.delete': false, 'comment_annotation.suggestion_accept': true },
          },
        },
      });
      expect(JSON.stringify(merged.body)).not.toContain('kept-token');

      // Clearing the key of an encrypting config is refused as a whole, and changes nothing.
      const orphaned = await call(who, '/v2/workspace/webhookconfig/update', {
        webhookServiceConfig: { publicKey: null },
      });
      expect(orphaned.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Invalid webhook service configuration.' },
      });
      expect((await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {})).body.result.data).toEqual(
        merged.body.result.data,
      );

      const cleared = await call(who, '/v2/workspace/webhookconfig/update', {
        webhookServiceConfig: {
          authToken: null,
          processedNotificationUrl: null,
          encryptData: null,
          publicKey: null,
          triggers: { 'comment.delete': null },
        },
      });
      expect(cleared.status).toBe(200);
      const [row] = await world.query<WebhookConfigRow>('SELECT * FROM webhook_config WHERE api_key_id = $1', [
        who.apiKey,
      ]);
      expect(row.auth_token_ciphertext).toBeNull();
      expect(
        (await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {})).body.result.data
          .webhookServiceConfig,
      ).toEqual({
        authTokenSet: false,
        rawNotificationUrl: 'http://127.0.0.1:9/raw2',
        processedNotificationUrl: null,
        encodeData: false,
        encryptData: false,
        publicKey: null,
        triggers: { 'comment.add': true, 'comment_annotation.suggestion_accept': true },
      });
    });

    it("answers Velt's own request examples for update and get", async () => {
      const who = await createWorkspace(api.url);
      for (const name of ['workspace-webhookconfig-update', 'workspace-webhookconfig-get']) {
        const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures/velt/v2', `${name}.json`), 'utf8')) as {
          path: string;
          requestExamples: Array<{ data: unknown }>;
        };
        for (const example of fixture.requestExamples) {
          const response = await call(who, fixture.path, example.data);
          expect({ name, status: response.status }).toEqual({ name, status: 200 });
        }
      }
      const view = await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {});
      expect(view.body.result.data).toMatchObject({
        useWebhookService: true,
        webhookServiceConfig: {
          authTokenSet: true,
          rawNotificationUrl: 'https://example.com/webhooks/raw',
          processedNotificationUrl: 'https://example.com/webhooks/processed',
        },
      });
    });

    it("accepts Velt's documented fields, an unconfigured key reads as empty, and get refuses unknown fields", async () => {
      const who = await createWorkspace(api.url);
      const empty = await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {});
      expect(empty.body.result.data).toEqual({
        useWebhookService: false,
        webhookServiceConfig: {
          authTokenSet: false,
          rawNotificationUrl: null,
          processedNotificationUrl: null,
          encodeData: false,
          encryptData: false,
          publicKey: null,
          triggers: {},
        },
      });
      const velt = {
        authToken: 't',
        rawNotificationUrl: 'http://127.0.0.1:9/raw',
        processedNotificationUrl: 'http://127.0.0.1:9/processed',
        encodeData: true,
        encryptData: true,
        publicKey: publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
        triggers: Object.fromEntries(
          [
            'comment_annotation.add',
            'comment.add',
            'comment.update',
            'comment.delete',
            'comment_annotation.status_change',
            'comment_annotation.assign',
            'comment_annotation.priority_change',
            'comment_annotation.suggestion_accept',
            'comment_annotation.suggestion_reject',
            'comment.reaction_add',
            'comment.reaction_delete',
          ].map((name) => [name, true]),
        ),
      };
      expect(
        (await call(who, '/v2/workspace/webhookconfig/update', { useWebhookService: true, webhookServiceConfig: velt }))
          .status,
      ).toBe(200);
      const stored = await call<WebhookConfigView>(who, '/v2/workspace/webhookconfig/get', {});
      expect(stored.body.result.data.webhookServiceConfig.triggers).toEqual(velt.triggers);
      const unknown = await call(who, '/v2/workspace/webhookconfig/get', { apiKey: who.apiKey });
      expect(unknown.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'data.apiKey is not a known field.' },
      });
      const unknownConfigField = await call(who, '/v2/workspace/webhookconfig/update', {
        webhookServiceConfig: { enableDataProtection: true },
      });
      expect(unknownConfigField.body).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'data.webhookServiceConfig.enableDataProtection is not a known field.',
        },
      });
      const wrongToken = await post(
        api.url,
        '/v2/workspace/webhookconfig/get',
        {},
        { ...apiKeyHeaders(who), 'x-svc-auth-token': 'wrong' },
      );
      expect(wrongToken.status).toBe(401);
    });

    it.each([
      [{}],
      [{ useWebhookService: 'yes' }],
      [{ webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com/hook' } }],
      [{ webhookServiceConfig: { processedNotificationUrl: 'not a url' } }],
      [{ webhookServiceConfig: { encodeData: 'true' } }],
      [{ webhookServiceConfig: { encryptData: true } }],
      [{ webhookServiceConfig: { encryptData: true, publicKey: 'bm90IGEga2V5' } }],
      [{ webhookServiceConfig: { triggers: { 'comment.created': true } } }],
      [{ webhookServiceConfig: { triggers: { 'comment.add': 1 } } }],
    ])('rejects %j and stores nothing', async (data) => {
      const who = await createWorkspace(api.url);
      const response = await call(who, '/v2/workspace/webhookconfig/update', data);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'Invalid webhook service configuration.' },
      });
      expect(await world.query('SELECT * FROM webhook_config WHERE api_key_id = $1', [who.apiKey])).toEqual([]);
    });
  });

  it(
    "delivers each of the nine triggers, raw and processed, signed, in Velt's basic format; a disabled trigger is not delivered",
    async () => {
      const target = await receiver();
      const who = await tenant(target);
      const ref = { ...doc, annotationId: 'a1', from: { userId: 'u1', name: 'Ann' }, triggerNotification: true };
      const resolved = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' };
      const urgent = { id: 'P0', name: 'Urgent', color: '#FF7162' };
      await annotate(who, 'a1');
      await call(who, '/v2/commentannotations/comments/add', {
        ...ref,
        commentData: [
          {
            commentText: 'second',
            from: { userId: 'u1', name: 'Ann' },
            taggedUserContacts: [{ userId: 'u2', contact: { userId: 'u2' } }],
          },
        ],
      });
      await call(who, '/v2/commentannotations/comments/update', {
        ...ref,
        commentIds: [2],
        updatedData: { commentText: 'edited' },
      });
      await call(who, '/v2/commentannotations/update', {
        ...doc,
        triggerNotification: true,
        annotationIds: ['a1'],
        updatedData: { status: resolved },
      });
      await call(who, '/v2/commentannotations/update', {
        ...doc,
        triggerNotification: true,
        annotationIds: ['a1'],
        updatedData: { assignedTo: { userId: 'u3' } },
      });
      await call(who, '/v2/commentannotations/update', {
        ...doc,
        triggerNotification: true,
        annotationIds: ['a1'],
        updatedData: { priority: urgent },
      });
      await call(who, '/v2/commentannotations/comments/reactions/add', { ...ref, commentId: 2, icons: ['👍'] });
      await call(who, '/v2/commentannotations/comments/reactions/delete', { ...ref, commentId: 2, icons: ['👍'] });
      await call(who, '/v2/commentannotations/comments/delete', { ...ref, commentIds: [2] });

      await eventually(() => expect(target.received).toHaveLength(18), { timeoutMs: 20_000 });
      const raw = target.received
        .filter((r) => r.headers['webhook-id'] && verify(who, r).notificationSource === 'comment')
        .map((r) => ({ headers: r.headers, payload: JSON.parse(r.body) as WebhookEvent }));
      expect(raw.map((r) => r.payload.actionType).sort()).toEqual([
        'added',
        'assigned',
        'deleted',
        'newlyAdded',
        'priorityChanged',
        'reactionAdded',
        'reactionDeleted',
        'statusChanged',
        'updated',
      ]);
      expect(raw.map((r) => r.payload.event).sort()).toEqual([
        'comment.add',
        'comment.delete',
        'comment.reaction_add',
        'comment.reaction_delete',
        'comment.update',
        'comment_annotation.add',
        'comment_annotation.assign',
        'comment_annotation.priority_change',
        'comment_annotation.status_change',
      ]);
      for (const { headers, payload } of raw) {
        expect(payload.webhookId).toBe(headers['webhook-id']);
        expect(payload.metadata).toEqual({
          apiKey: who.apiKey,
          ...doc,
          clientOrganizationId: doc.organizationId,
          clientDocumentId: doc.documentId,
          documentName: doc.documentId,
        });
        expect(payload.commentAnnotation.annotationId).toBe('a1');
        expect(Array.isArray(payload.commentAnnotation.comments)).toBe(true);
      }
      const byAction = (actionType: string) => raw.find((r) => r.payload.actionType === actionType)!.payload;
      expect(byAction('updated')).toMatchObject({
        actionUser: { userId: 'u1', name: 'Ann' },
        targetComment: { commentId: 2, commentText: 'edited' },
      });
      expect(byAction('newlyAdded')).toMatchObject({
        targetComment: { commentId: 1, commentText: 'hi' },
        commentAnnotation: { comments: [{ commentId: 1 }] },
      });
      expect(byAction('statusChanged')).toMatchObject({
        oldStatus: { id: 'OPEN', type: 'default' },
        newStatus: { id: 'RESOLVED', type: 'terminal' },
        commentAnnotation: { status: { id: 'RESOLVED' } },
      });
      expect(byAction('statusChanged')).not.toHaveProperty('targetComment');
      expect(byAction('assigned')).toMatchObject({
        assigned: true,
        commentAnnotation: { assignedTo: { userId: 'u3' } },
      });
      expect(byAction('priorityChanged')).toMatchObject({ newPriority: urgent });
      const processed = target.received.map((r) => verify(who, r)).filter((p) => p.notificationSource === undefined);
      expect(processed).toHaveLength(9);
      expect(processed.find((p) => p.event === 'comment.add')).toMatchObject({
        from: { userId: 'u1', name: 'Ann' },
        commentText: 'second',
        toContactsTagged: [{ userId: 'u2' }],
        targetAnnotationId: 'a1',
        targetCommentId: 2,
        actionType: 'added',
        documentName: doc.documentId,
        ...doc,
      });
      expect(new Set(target.received.map((r) => r.headers['webhook-id'])).size).toBe(18);

      await call(who, '/v2/workspace/webhookconfig/update', {
        // Merged: the token and raw URL stay as they were; null switches the processed URL off.
        webhookServiceConfig: { processedNotificationUrl: null, triggers: { 'comment.update': false } },
      });
      const before = (await deliveries(who)).length;
      await call(who, '/v2/commentannotations/comments/update', {
        ...ref,
        commentIds: [1],
        updatedData: { commentText: 'quiet' },
      });
      await call(who, '/v2/commentannotations/comments/add', {
        ...ref,
        commentData: [{ commentText: 'loud', from: { userId: 'u1' } }],
      });
      await eventually(() => expect(target.received).toHaveLength(19));
      expect(target.json<WebhookEvent>(18).event).toBe('comment.add');
      expect((await deliveries(who)).map((d) => d.event).slice(before)).toEqual(['comment.add']);

      // Without triggerNotification a REST write notifies no one (Velt's rule, so bulk imports do not flood receivers).
      await call(who, '/v2/commentannotations/add', {
        ...doc,
        commentAnnotations: [
          { annotationId: 'bulk', commentData: [{ commentText: 'imported', from: { userId: 'u1' } }] },
        ],
      });
      await call(who, '/v2/commentannotations/comments/add', {
        ...doc,
        annotationId: 'bulk',
        commentData: [{ commentText: 'imported too', from: { userId: 'u1' } }],
      });
      await call(who, '/v2/commentannotations/update', {
        ...doc,
        annotationIds: ['bulk'],
        updatedData: { status: resolved },
      });
      await call(who, '/v2/commentannotations/comments/delete', { ...doc, annotationId: 'bulk' });
      expect((await deliveries(who)).length).toBe(before + 1);
    },
    LONG,
  );

  it(
    "a tagged organization user group stands for its members in the comment's tagged contacts; the tag is stored as sent",
    async () => {
      const target = await receiver();
      const who = await tenant(target);
      const group = async (owner: Credentials, userIds: string[]) => {
        await call(owner, '/v2/organizations/usergroups/add', {
          organizationId: doc.organizationId,
          organizationUserGroups: [{ groupId: 'eng' }],
        });
        const joined = await call<Record<string, { success: boolean }>>(
          owner,
          '/v2/organizations/usergroups/users/add',
          { organizationId: doc.organizationId, organizationUserGroupId: 'eng', userIds },
        );
        expect(Object.values(joined.body.result.data).every((entry) => entry.success)).toBe(true);
      };
      await call(who, '/v2/users/update', {
        organizationId: doc.organizationId,
        users: [{ userId: 'u2', name: 'Bea', email: 'bea@example.com' }],
      });
      await group(who, ['u2', 'u3']);
      // Another API key's group of the same name must not leak its members in.
      const other = await tenant(await receiver());
      await group(other, ['u5']);

      const tags = [
        { userId: 'u3', contact: { userId: 'u3', name: 'Cy' } },
        { organizationUserGroupId: 'eng', text: '@eng' },
      ];
      const added = await call<BatchResult>(who, '/v2/commentannotations/add', {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'g1',
            commentData: [
              { commentText: 'hey @eng', from: { userId: 'u1' }, taggedUserContacts: tags, triggerNotification: true },
            ],
          },
        ],
      });
      expect(added.body.result.data.g1.success).toBe(true);
      await eventually(() => expect(target.received).toHaveLength(2), { timeoutMs: 20_000 });
      const bodies = target.received.map((r) => verify<Record<string, unknown>>(who, r));
      const expected = [
        { userId: 'u3', name: 'Cy' },
        { userId: 'u2', name: 'Bea', email: 'bea@example.com' },
      ];
      expect(bodies.find((b) => b.notificationSource === undefined)).toMatchObject({ toContactsTagged: expected });
      expect(bodies.find((b) => b.notificationSource === 'comment')).toMatchObject({
        targetComment: { to: expected, taggedUserContacts: tags },
      });

      const read = await call<Array<{ to: unknown; taggedUserContacts: unknown }>>(
        who,
        '/v2/commentannotations/comments/get',
        { ...doc, annotationId: 'g1' },
      );
      expect(read.body.result.data[0]).toMatchObject({ to: [{ userId: 'u3', name: 'Cy' }], taggedUserContacts: tags });

      const both = await call(who, '/v2/commentannotations/comments/add', {
        ...doc,
        annotationId: 'g1',
        commentData: [
          {
            commentText: 'x',
            from: { userId: 'u1' },
            taggedUserContacts: [{ userId: 'u2', organizationUserGroupId: 'eng' }],
          },
        ],
      });
      expect([both.status, both.body.error.status]).toEqual([400, 'INVALID_ARGUMENT']);
      expect(both.body.error.message).toContain('data.commentData[0].taggedUserContacts[0].organizationUserGroupId');
      const neither = await call(who, '/v2/commentannotations/comments/add', {
        ...doc,
        annotationId: 'g1',
        commentData: [{ commentText: 'x', from: { userId: 'u1' }, taggedUserContacts: [{ text: '@?' }] }],
      });
      expect(neither.body.error.message).toContain('data.commentData[0].taggedUserContacts[0].userId');
    },
    LONG,
  );

  it(
    'encrypts with the configured public key (winning over encoding) or encodes as base64',
    async () => {
      const target = await receiver();
      // Bare base64 of the DER key, as SPKI and as PKCS#1 (no PEM armour).
      const bareKeys = [
        publicKey.export({ type: 'spki', format: 'der' }),
        publicKey.export({ type: 'pkcs1', format: 'der' }),
      ].map((der) => der.toString('base64'));
      for (const [index, bareKey] of bareKeys.entries()) {
        const encrypted = await tenant(target, {
          processedNotificationUrl: undefined,
          encodeData: true,
          encryptData: true,
          publicKey: bareKey,
        });
        await annotate(encrypted, 'enc');
        await eventually(() => expect(target.received).toHaveLength(index + 1));
        const body = verify<EncryptedBody>(encrypted, target.received[index]);
        expect(Object.keys(body).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
        expect(decrypt(body)).toMatchObject({
          event: 'comment_annotation.add',
          actionType: 'newlyAdded',
          webhookId: target.received[index].headers['webhook-id'],
          targetComment: { commentId: 1 },
        });
      }

      const encoded = await tenant(target, { processedNotificationUrl: undefined, encodeData: true });
      await annotate(encoded, 'enc');
      await eventually(() => expect(target.received).toHaveLength(3));
      const { encodedPayload } = verify<{ encodedPayload: string }>(encoded, target.received[2]);
      expect(JSON.parse(Buffer.from(encodedPayload, 'base64').toString('utf8')) as unknown).toMatchObject({
        event: 'comment_annotation.add',
      });
    },
    LONG,
  );

  it(
    'retries a receiver that fails twice, then it gets the event exactly once more with the same webhook-id',
    async () => {
      const target = await receiver();
      target.reply = (_request, index) => ({ status: index < 2 ? 500 : 200 });
      const who = await tenant(target, { processedNotificationUrl: undefined });
      await annotate(who, 'flaky');
      await eventually(
        async () =>
          expect((await deliveries(who))[0]).toMatchObject({ status: 'succeeded', attempts: 3, last_http_status: 200 }),
        { timeoutMs: 20_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(target.received).toHaveLength(3);
      expect(new Set(target.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const request of target.received) verify(who, request);
    },
    LONG,
  );

  it(
    'stops at 410, fails after the schedule, logs deliveries and replays them',
    async () => {
      const target = await receiver();
      target.reply = (request) => ({ status: request.body.includes('"gone"') ? 410 : 500 });
      const who = await tenant(target, { processedNotificationUrl: undefined });
      await annotate(who, 'gone');
      await annotate(who, 'broken');
      await eventually(async () => expect((await deliveries(who)).map((d) => d.status)).toEqual(['failed', 'failed']), {
        timeoutMs: 20_000,
      });
      const [gone, broken] = await deliveries(who);
      expect(gone).toMatchObject({ attempts: 1, last_http_status: 410 });
      expect(broken).toMatchObject({ attempts: 4, last_http_status: 500 });

      const log = await call(who, '/v2/workspace/webhooks/deliveries/get', {
        status: 'failed',
        event: 'comment_annotation.add',
        pageSize: 1,
      });
      expect(log.status).toBe(200);
      expect(log.body.result.data).toEqual([
        expect.objectContaining({ id: broken.id, status: 'failed', attempts: 4, lastHttpStatus: 500, target: 'raw' }),
      ]);
      const next = await call<Delivery[]>(who, '/v2/workspace/webhooks/deliveries/get', {
        status: 'failed',
        event: 'comment_annotation.add',
        pageToken: log.body.result.nextPageToken,
      });
      expect(next.body.result.data.map((d) => d.id)).toEqual([gone.id]);
      expect(
        (await call(who, '/v2/workspace/webhooks/deliveries/get', { status: 'succeeded' })).body.result.data,
      ).toEqual([]);

      target.reply = () => ({ status: 204 });
      const received = target.received.length;
      const byId = await call(who, '/v2/workspace/webhooks/deliveries/retry', { deliveryIds: [gone.id, 'missing'] });
      expect(byId.body.result.data).toEqual({
        [gone.id]: { success: true, id: gone.id, message: 'Delivery queued for retry.' },
        missing: { success: false, id: 'missing', message: 'Delivery does not exist.' },
      });
      await eventually(async () => expect((await deliveries(who))[0].status).toBe('succeeded'));
      const bySince = await call<BatchResult>(who, '/v2/workspace/webhooks/deliveries/retry', {
        failedSince: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(Object.keys(bySince.body.result.data)).toEqual([broken.id]);
      await eventually(async () => expect((await deliveries(who))[1].status).toBe('succeeded'));
      expect(
        target.received
          .slice(received)
          .map((r) => r.headers['webhook-id'])
          .sort(),
      ).toEqual([gone.id, broken.id].sort());
      const bad = await call(who, '/v2/workspace/webhooks/deliveries/retry', {});
      expect(bad.status).toBe(400);
    },
    LONG,
  );

  describe('without a running worker', () => {
    beforeAll(async () => {
      await worker?.stop();
      worker = null;
    }, LONG);

    it(
      'delivers an event committed while no worker ran, even when its job never reached Redis',
      async () => {
        const target = await receiver();
        const who = await tenant(target, { processedNotificationUrl: undefined });
        await annotate(who, 'queued');
        await annotate(who, 'lost');
        const [queued, lost] = await deliveries(who);
        // Simulates a crash or Redis outage between commit and enqueue: the job of one delivery is gone.
        const queue = new Queue('webhook', { connection: { url: REDIS_URL }, prefix: `${world.name}:bull` });
        await queue.remove(lost.id);
        expect(await queue.getJobState(lost.id)).toBe('unknown');
        await queue.close();
        expect(target.received).toHaveLength(0);
        worker = await startWorker(world.env, WORKER_ENV);
        await eventually(
          () => expect(target.received.map((r) => r.headers['webhook-id']).sort()).toEqual([queued.id, lost.id].sort()),
          { timeoutMs: 20_000 },
        );
      },
      LONG,
    );

    it(
      'a receiver down while the worker is killed and restarted still gets every event',
      async () => {
        await worker?.stop();
        const slow = { ...WORKER_ENV, WEBHOOK_RETRY_SCHEDULE_MS: '3000,3000,3000,3000,3000' };
        worker = await startWorker(world.env, slow);
        const target = await receiver();
        await target.down();
        const who = await tenant(target);
        for (const id of ['k1', 'k2', 'k3']) await annotate(who, id);
        await eventually(async () => expect((await deliveries(who)).every((d) => d.attempts >= 1)).toBe(true), {
          timeoutMs: 20_000,
        });
        await worker.stop('SIGKILL');
        await target.up();
        worker = await startWorker(world.env, slow);
        const ids = (await deliveries(who)).map((d) => d.id);
        expect(ids).toHaveLength(6);
        await eventually(
          () =>
            expect([...new Set(target.received.map((r) => r.headers['webhook-id']))].sort()).toEqual([...ids].sort()),
          { timeoutMs: 60_000, intervalMs: 200 },
        );
        await eventually(async () => expect((await deliveries(who)).every((d) => d.status === 'succeeded')).toBe(true));
      },
      LONG,
    );
  });

  describe('with private networks refused', () => {
    it(
      'refuses private targets at config time, naming the field, and accepts names that do not resolve yet',
      async () => {
        const strictApi = await startApi(world.env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
        try {
          const who = await createWorkspace(strictApi.url);
          const update = (data: unknown) =>
            post(strictApi.url, '/v2/workspace/webhookconfig/update', data, apiKeyHeaders(who));
          for (const url of [
            'http://127.0.0.1:8080/x',
            'http://localhost/x',
            'http://169.254.169.254/latest/meta-data',
            'http://10.0.0.5/x',
            'http://[::1]/x',
            'http://100.64.1.1/x',
          ]) {
            for (const field of ['rawNotificationUrl', 'processedNotificationUrl']) {
              const response = await update({ webhookServiceConfig: { [field]: url } });
              expect({ url, status: response.status, body: response.body }).toEqual({
                url,
                status: 400,
                body: {
                  error: {
                    status: 'INVALID_ARGUMENT',
                    message: `data.webhookServiceConfig.${field} resolves to a private address.`,
                  },
                },
              });
            }
          }
          expect(await world.query('SELECT * FROM webhook_config WHERE api_key_id = $1', [who.apiKey])).toEqual([]);
          const pending = await update({
            webhookServiceConfig: { rawNotificationUrl: 'https://receiver-not-deployed-yet.invalid/hook' },
          });
          expect(pending.status).toBe(200);
          const view = await post<WebhookConfigView>(
            strictApi.url,
            '/v2/workspace/webhookconfig/get',
            {},
            apiKeyHeaders(who),
          );
          expect(view.body.result.data.webhookServiceConfig.rawNotificationUrl).toBe(
            'https://receiver-not-deployed-yet.invalid/hook',
          );
        } finally {
          await strictApi.stop();
        }
      },
      LONG,
    );

    it(
      'refuses them again at delivery time',
      async () => {
        await worker?.stop();
        worker = await startWorker(world.env, { ...WORKER_ENV, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
        const target = await receiver();
        const who = await tenant(target, { processedNotificationUrl: undefined });
        await annotate(who, 'ssrf');
        await eventually(
          async () => expect((await deliveries(who))[0]).toMatchObject({ status: 'failed', last_http_status: null }),
          { timeoutMs: 20_000 },
        );
        expect((await deliveries(who))[0].last_error).toContain('Target refused');
        expect(target.received).toHaveLength(0);
      },
      LONG,
    );
  });
});
