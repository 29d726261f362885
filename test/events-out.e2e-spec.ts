import { Socket } from 'socket.io-client';
import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { connect, userToken } from './support/realtime-client';
import { SmtpReceiver } from './support/smtp-receiver';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 120_000;
const doc = { organizationId: 'org-out', documentId: 'doc-out' };
/** Short locks and sweeps, so work held by the killed worker is taken over within seconds. */
const WORKER_ENV = {
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_RETRY_DELAY_MS: '200',
  EMAIL_SWEEP_INTERVAL_MS: '1000',
  EMAIL_LOCK_DURATION_MS: '3000',
  EMAIL_STALLED_INTERVAL_MS: '1000',
  WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
  WEBHOOK_SWEEP_INTERVAL_MS: '500',
  WEBHOOK_LOCK_DURATION_MS: '3000',
  WEBHOOK_STALLED_INTERVAL_MS: '1000',
};

interface Envelope {
  webhookId: string;
  event: string;
  actionType: string;
  source: string;
  data: { commentAnnotation: { annotationId: string }; actionUser: { userId: string } };
}

/**
 * Issue 14's end-to-end check: one comment that mentions a user reaches all four sinks of the event
 * pipeline exactly once each (the notification pushed to the user's socket on another API instance
 * and read back, the activity, the advanced webhook at the matching endpoint only, the e-mail), while
 * the worker holding the webhook and the e-mail in flight is SIGKILLed and a new one takes over.
 */
describe('events out: one mention, four sinks, a worker killed mid-way', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let worker: RunningProcess | null = null;
  let smtp: SmtpReceiver;
  let matching: WebhookReceiver;
  let other: WebhookReceiver;
  let bobSocket: Socket | null = null;
  let owner: Credentials;

  const call = <T = unknown>(path: string, data: unknown) => post<T>(a.url, path, data, apiKeyHeaders(owner));

  async function endpoint(url: string, filterTypes: string[]): Promise<string> {
    const created = await call<{ id: string }>('/v2/workspace/advancedwebhook/endpoints/create', { url, filterTypes });
    expect(created.status).toBe(200);
    const secret = await call<{ secret: string }>('/v2/workspace/advancedwebhook/endpoints/secret/get', {
      endpointId: created.body.result.data.id,
    });
    return secret.body.result.data.secret;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [smtp, matching, other] = await Promise.all([
      SmtpReceiver.start(),
      WebhookReceiver.start(),
      WebhookReceiver.start(),
    ]);
    [a, b] = await Promise.all([startApi(world.env, WORKER_ENV), startApi(world.env, WORKER_ENV)]);
    worker = await startWorker(world.env, WORKER_ENV);
    owner = await createWorkspace(a.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(a.url, owner, doc.organizationId, ['ann', 'bob']);
  }, LONG);

  afterAll(async () => {
    bobSocket?.close();
    await worker?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([smtp?.stop(), matching?.down(), other?.down()]);
    await world?.dispose();
  }, LONG);

  it(
    'delivers the notification, the activity, the webhook and the e-mail exactly once each',
    async () => {
      const smtpConfig = {
        type: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        fromEmail: 'noreply@acme.test',
        fromCompany: 'Acme',
      };
      expect(
        (await call('/v2/workspace/emailconfig/update', { useEmailService: true, emailServiceConfig: smtpConfig }))
          .status,
      ).toBe(200);
      expect(
        (await call('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } })).status,
      ).toBe(200);
      expect((await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true })).status).toBe(200);
      const secret = await endpoint(matching.url(), ['comment_annotation.add']);
      await endpoint(other.url(), ['comment.delete']);

      bobSocket = await connect(b.url, await userToken(b.url, owner, 'bob'));
      const pushed: Array<Record<string, unknown>> = [];
      bobSocket.on('notification', (notification: Record<string, unknown>) => pushed.push(notification));

      // The first worker takes the webhook and the e-mail and never finishes either: the receiver
      // holds its reply for a minute and the SMTP server never answers DATA.
      matching.reply = (_request, index) => (index === 0 ? { status: 200, delayMs: 60_000 } : { status: 200 });
      smtp.hold = () => true;

      const added = await call<BatchResult>('/v2/commentannotations/add', {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'thread-1',
            commentData: [
              {
                commentText: 'Can you check this, Bob?',
                from: { userId: 'ann', name: 'Ann' },
                taggedUserContacts: [
                  { userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } },
                ],
                triggerNotification: true,
              },
            ],
          },
        ],
      });
      expect(added.body.result.data['thread-1'].success).toBe(true);

      await eventually(() => expect([matching.received.length, smtp.held.length]).toEqual([1, 1]), {
        timeoutMs: 20_000,
      });
      expect(await worker!.stop('SIGKILL')).toBe('SIGKILL');
      matching.reply = () => ({ status: 200 });
      smtp.hold = () => false;
      worker = await startWorker(world.env, WORKER_ENV);

      // E-mail: sent once by the new worker, under the Message-ID the killed one used.
      await eventually(
        async () =>
          expect(await world.query('SELECT status FROM email_message WHERE api_key_id = $1', [owner.apiKey])).toEqual([
            { status: 'sent' },
          ]),
        { timeoutMs: 30_000 },
      );
      expect(smtp.received.map((mail) => mail.to)).toEqual([['bob@example.com']]);
      expect(smtp.received[0].parsed.messageId).toBe(smtp.held[0].parsed.messageId);

      // Advanced webhook: only the matching endpoint, one webhook id, verified with the whsec_ secret.
      await eventually(
        async () => {
          const rows = await world.query<{ status: string }>(
            'SELECT status FROM webhook_delivery WHERE api_key_id = $1 AND endpoint_id IS NOT NULL',
            [owner.apiKey],
          );
          expect(rows).toEqual([{ status: 'succeeded' }]);
        },
        { timeoutMs: 30_000 },
      );
      const verified = matching.received.map(
        (request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Envelope,
      );
      expect(new Set(verified.map((envelope) => envelope.webhookId)).size).toBe(1);
      expect(verified[0]).toMatchObject({
        event: 'comment_annotation.add',
        source: 'comment',
        data: { commentAnnotation: { annotationId: 'thread-1' }, actionUser: { userId: 'ann' } },
      });
      expect(other.received).toHaveLength(0);

      // Notification: pushed once to Bob's socket on the other API instance, and read back.
      await eventually(() => expect(pushed).toHaveLength(1), { timeoutMs: 10_000 });
      expect(pushed[0]).toMatchObject({
        notificationSource: 'comment',
        actionUser: { userId: 'ann' },
        displayBodyMessage: 'Can you check this, Bob?',
      });
      const inbox = await call<Array<Record<string, unknown>>>('/v2/notifications/get', {
        organizationId: doc.organizationId,
        userId: 'bob',
      });
      expect(inbox.body.result.data.map((notification) => notification.id)).toEqual([pushed[0].id]);

      // Activity: recorded once, with the comment as its target and Ann as the actor.
      const log = await call<Array<Record<string, unknown>>>('/v2/activities/get', {
        organizationId: doc.organizationId,
        documentId: doc.documentId,
        featureTypes: ['comment'],
      });
      expect(log.body.result.data).toHaveLength(1);
      expect(log.body.result.data[0]).toMatchObject({
        featureType: 'comment',
        actionUser: { userId: 'ann' },
        targetEntityId: 'thread-1',
      });

      // Nothing more arrives once everything has settled.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect([pushed.length, smtp.received.length, other.received.length]).toEqual([1, 1, 0]);
      expect(new Set(matching.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    },
    LONG,
  );
});
