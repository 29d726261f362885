import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { Editor, openEditor } from './support/collab-client';
import { eventually } from './support/eventually';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

const LONG = 90_000;
const WORKER_ENV = { WEBHOOK_SWEEP_INTERVAL_MS: '500', LOG_LEVEL: 'info' };
/** Compaction, and so crdt.update_data, runs this long after the last edit. */
const DEBOUNCE_MS = 1000;
const doc = { organizationId: 'org-f', documentId: 'doc-f' };

interface SampleKeys {
  keys: string[];
  metadataKeys: string[];
  privateKeys?: string[];
  crdtDataKeys?: string[];
}
/** The keys of Velt's own basic webhook samples, and the ones we do not send with the reason. */
const SAMPLES = JSON.parse(readFileSync(join(__dirname, 'fixtures/velt/webhooks/basic-samples.json'), 'utf8')) as {
  comment: SampleKeys;
  crdt: SampleKeys;
  notSent: Record<string, string>;
};
const sent = (keys: string[]) => keys.filter((key) => !(key in SAMPLES.notSent));

/** Velt fidelity of webhook payloads: a private comment's visibility fields, and the debounced CRDT event. */
describe('Velt webhook fidelity', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let target: WebhookReceiver;
  let who: Credentials;
  const editors: Editor[] = [];
  const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(who));
  const token = () => `token-${who.apiKey}`;
  /** The body, once its Basic auth and Standard Webhooks signature check out. */
  const verified = (request: ReceivedWebhook) => {
    expect(request.headers.authorization).toBe(`Basic ${token()}`);
    return new Webhook(Buffer.from(token()).toString('base64')).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as Record<string, unknown>;
  };
  /** Only the raw URL is configured, so every request is a raw delivery. */
  const rawOf = (event: string) => target.received.filter((request) => request.body.includes(`"event":"${event}"`));

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env, { COLLAB_COMPACT_DEBOUNCE_MS: String(DEBOUNCE_MS) });
    worker = await startWorker(world.env, WORKER_ENV);
    target = await WebhookReceiver.start();
    who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, who, doc.organizationId, ['u1', 'u2', 'u3']);
    const configured = await call('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: token(),
        rawNotificationUrl: target.url('/raw'),
        triggers: { 'crdt.update_data': true },
      },
    });
    expect(configured.status).toBe(200);
  }, LONG);

  afterAll(async () => {
    for (const editor of editors) editor.destroy();
    await target?.down();
    await worker?.stop();
    await api?.stop();
    await world?.dispose();
  });

  it(
    "a private comment's webhook carries visibility, the users it hides the comment from and its recipients' notification settings, beside the keys of Velt's sample",
    async () => {
      const settings = await call('/v2/notifications/config/set', {
        organizationId: doc.organizationId,
        userIds: ['u2', 'u3'],
        config: { inbox: 'NONE', email: 'ALL' },
      });
      expect(settings.status).toBe(200);
      const added = await call<BatchResult>('/v2/commentannotations/add', {
        ...doc,
        from: { userId: 'u1' },
        commentAnnotations: [
          {
            annotationId: 'secret',
            visibility: { type: 'restricted', userIds: ['u1', 'u2'] },
            commentData: [
              {
                commentText: 'for u2 only',
                from: { userId: 'u1' },
                taggedUserContacts: [
                  { userId: 'u2', contact: { userId: 'u2' } },
                  { userId: 'u3', contact: { userId: 'u3' } },
                ],
                triggerNotification: true,
              },
            ],
          },
        ],
      });
      expect(added.status).toBe(200);
      await eventually(() => expect(rawOf('comment_annotation.add')).toHaveLength(1), { timeoutMs: 20_000 });
      const payload = verified(rawOf('comment_annotation.add')[0]);
      expect(payload).toMatchObject({
        actionType: 'newlyAdded',
        notificationSource: 'comment',
        visibility: { type: 'restricted', userIds: ['u1', 'u2'] },
        accessDeniedUsers: ['u3'],
      });
      // Only the users the event reaches: u3, hidden from it, is left out.
      expect(payload.usersOrganizationNotificationsConfig).toEqual({ u2: { inbox: 'NONE', email: 'ALL' } });
      expect(payload).not.toHaveProperty('usersDocumentNotificationsConfig');
      expect(Object.keys(payload)).toEqual(
        expect.arrayContaining([...sent(SAMPLES.comment.keys), ...SAMPLES.comment.privateKeys!]),
      );
      expect(Object.keys(payload.metadata as object)).toEqual(
        expect.arrayContaining(sent(SAMPLES.comment.metadataKeys)),
      );

      const open = await call<BatchResult>('/v2/commentannotations/add', {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'open',
            commentData: [{ commentText: 'for all', from: { userId: 'u1' }, triggerNotification: true }],
          },
        ],
      });
      expect(open.status).toBe(200);
      await eventually(() => expect(rawOf('comment_annotation.add')).toHaveLength(2), { timeoutMs: 20_000 });
      const publicPayload = verified(rawOf('comment_annotation.add')[1]);
      expect(publicPayload).not.toHaveProperty('visibility');
      expect(publicPayload).not.toHaveProperty('accessDeniedUsers');
    },
    LONG,
  );

  it(
    'several quick CRDT edits produce one debounced crdt.update_data delivery, signed, with the content after the last edit',
    async () => {
      const editor = await openEditor(
        api.url,
        await userToken(api.url, who, 'u2'),
        `${doc.organizationId}/${doc.documentId}/body`,
      );
      editors.push(editor);
      for (const word of ['one ', 'two ', 'three']) {
        editor.text().insert(editor.text().length, word);
        await editor.acknowledged();
      }
      await eventually(() => expect(rawOf('crdt.update_data')).toHaveLength(1), { timeoutMs: 20_000 });
      // Nothing more comes for those edits once the debounce has passed.
      await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
      expect(rawOf('crdt.update_data')).toHaveLength(1);
      const payload = verified(rawOf('crdt.update_data')[0]);
      expect(payload).toMatchObject({
        actionType: 'updateData',
        notificationSource: 'crdt',
        actionUser: { userId: 'u2' },
        metadata: {
          apiKey: who.apiKey,
          organizationId: doc.organizationId,
          documentId: doc.documentId,
          clientOrganizationId: doc.organizationId,
          clientDocumentId: doc.documentId,
        },
        crdtData: { id: 'body', data: 'one two three', lastUpdatedBy: 'u2', sessionId: null },
        accessDeniedUsers: [],
      });
      expect(Object.keys(payload)).toEqual(expect.arrayContaining(sent(SAMPLES.crdt.keys)));
      expect(Object.keys(payload.metadata as object)).toEqual(expect.arrayContaining(sent(SAMPLES.crdt.metadataKeys)));
      expect(Object.keys(payload.crdtData as object).sort()).toEqual(SAMPLES.crdt.crdtDataKeys);
    },
    LONG,
  );
});
