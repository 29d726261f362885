import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { seedDocument, seedEditors } from './support/seed';

const LONG = 90_000;
/** The documented bound: a sink setting changed on one instance reaches the others within AUTH_CACHE_TTL_MS. */
const BOUND_MS = 1000;
const ENV = {
  AUTH_CACHE_TTL_MS: String(BOUND_MS),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
};
const doc = { organizationId: 'org-sinks', documentId: 'doc-sinks' };

/** Rows each sink writes with the comment's transaction; no worker runs, so nothing is sent. */
const SINK_ROWS = {
  activity: 'SELECT count(*)::int AS n FROM activity WHERE api_key_id = $1',
  webhook: 'SELECT count(*)::int AS n FROM webhook_delivery WHERE api_key_id = $1 AND endpoint_id IS NULL',
  endpoint: 'SELECT count(*)::int AS n FROM webhook_delivery WHERE api_key_id = $1 AND endpoint_id IS NOT NULL',
  notification: 'SELECT count(*)::int AS n FROM notification WHERE api_key_id = $1',
  email: 'SELECT count(*)::int AS n FROM email_message WHERE api_key_id = $1',
};
type Sink = keyof typeof SINK_ROWS;

/**
 * Sink settings are read through a per-instance cache: the instance that changes them sees the change
 * at once, every other instance within the bound. Instance A changes every sink's settings; instance B
 * writes comments before and after the bound.
 */
describe('sink settings across instances', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let owner: Credentials;
  let endpointId: string;
  let threads = 0;

  const call = (api: RunningApi, path: string, data: unknown) => post(api.url, path, data, apiKeyHeaders(owner));

  async function counts(): Promise<Record<Sink, number>> {
    const entries = await Promise.all(
      Object.entries(SINK_ROWS).map(
        async ([sink, sql]) => [sink, (await world.query<{ n: number }>(sql, [owner.apiKey]))[0].n] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<Sink, number>;
  }

  /** Which sinks wrote rows for one comment mentioning Bob, added on `api`. */
  async function sinksOfComment(api: RunningApi): Promise<Sink[]> {
    const before = await counts();
    threads += 1;
    const added = await post<BatchResult>(
      api.url,
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId: `thread-${threads}`,
            commentData: [
              {
                commentText: 'Bob?',
                from: { userId: 'ann' },
                triggerNotification: true,
                taggedUserContacts: [
                  { userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } },
                ],
              },
            ],
          },
        ],
      },
      apiKeyHeaders(owner),
    );
    expect(added.body.result.data[`thread-${threads}`].success).toBe(true);
    const after = await counts();
    return (Object.keys(SINK_ROWS) as Sink[]).filter((sink) => after[sink] > before[sink]);
  }

  async function switchSinks(on: boolean): Promise<void> {
    const smtp = { type: 'smtp', host: '127.0.0.1', port: 9, secure: false, fromEmail: 'noreply@acme.test' };
    const updates: Array<[string, unknown]> = [
      ['/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: on } }],
      [
        '/v2/workspace/webhookconfig/update',
        { useWebhookService: on, webhookServiceConfig: { rawNotificationUrl: 'http://127.0.0.1:9/raw' } },
      ],
      ['/v2/workspace/advancedwebhook/endpoints/update', { endpointId, disabled: !on }],
      [
        '/v2/workspace/notificationconfig/update',
        {
          useNotificationService: true,
          notificationServiceConfig: { triggers: { comment: { 'comment_annotation.add': on } } },
        },
      ],
      ['/v2/workspace/emailconfig/update', { useEmailService: on, emailServiceConfig: smtp }],
    ];
    for (const [path, data] of updates) expect((await call(a, path, data)).status).toBe(200);
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [a, b] = await Promise.all([startApi(world.env, ENV), startApi(world.env, ENV)]);
    owner = await createWorkspace(a.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(a.url, owner, doc.organizationId, ['ann', 'bob']);
    expect((await call(a, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true })).status).toBe(200);
    const created = await post<{ id: string }>(
      a.url,
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: 'http://127.0.0.1:9/endpoint' },
      apiKeyHeaders(owner),
    );
    endpointId = created.body.result.data.id;
  }, LONG);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.dispose();
  }, LONG);

  it(
    'a change on instance A takes effect on A at once and on B within AUTH_CACHE_TTL_MS',
    async () => {
      const every: Sink[] = ['activity', 'webhook', 'endpoint', 'notification', 'email'];
      await switchSinks(true);
      // B reads (and keeps) the settings with every sink on.
      expect(await sinksOfComment(b)).toEqual(every);

      await switchSinks(false);
      expect(await sinksOfComment(a)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 100));
      expect(await sinksOfComment(b)).toEqual([]);

      await switchSinks(true);
      expect(await sinksOfComment(a)).toEqual(every);
      await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 100));
      expect(await sinksOfComment(b)).toEqual(every);
    },
    LONG,
  );
});
