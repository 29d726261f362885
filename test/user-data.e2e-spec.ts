import { Queue } from 'bullmq';
import { createTestEnvironment, REDIS_URL, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors, seedFolder } from './support/seed';
import { requestData, responseProblems, veltHeaders, veltPage, VeltVersion } from './support/velt-fixtures';
import { WebhookReceiver } from './support/webhook-receiver';

interface UserData {
  users: Array<Record<string, unknown>>;
  grants: Array<Record<string, unknown>>;
  presence: Array<Record<string, unknown>>;
  comments: Array<Record<string, unknown> & { commentId: number; annotationId: string; documentId: string }>;
  reactions: Array<Record<string, unknown> & { icon: string; commentId: number }>;
  activities: Array<Record<string, unknown> & { id: string }>;
  recordings: unknown[];
  notifications: unknown[];
  crdt: Array<{
    organizationId: string;
    documentId: string;
    editorId: string;
    lastUpdate: number;
    versionIds: string[];
  }>;
  workflows: unknown[];
  commentReads: unknown[];
  threadSubscriptions: unknown[];
  memory: unknown[];
}

interface DeletionStatus {
  isDeleteCompleted: boolean;
  tasksLeft: number;
  lastTaskCompletedTime: number | null;
}

const WORKER_ENV = {
  WORKER_QUEUES: 'user-data',
  // Short enough that stalled-job recovery after a SIGKILL takes seconds, not the production 30 s.
  USER_DATA_LOCK_DURATION_MS: '2000',
  USER_DATA_STALLED_INTERVAL_MS: '1000',
  USER_DATA_SWEEP_INTERVAL_MS: '1000',
};
const TASK_KINDS = 14;
const anyNumber: unknown = expect.any(Number);
/** Comments of the user whose deletion is interrupted: enough batches of BATCH rows to take seconds. */
const CRASH_COMMENTS = 6000;
const CRASH_DOCUMENTS = 60;
const BATCH = 10;

describe('GDPR user data: get, delete on the worker, status', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  let other: Credentials;
  let receiver: WebhookReceiver;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const spawnWorker = (extra: Record<string, string> = {}) => startWorker(world.env, { ...WORKER_ENV, ...extra });

  async function userData(organizationId: string, userId: string, who: Credentials = owner): Promise<UserData[]> {
    const pages: UserData[] = [];
    let pageToken: string | undefined;
    do {
      const response = await call<UserData>(
        '/v2/users/data/get',
        { organizationId, userId, ...(pageToken ? { pageToken } : {}) },
        who,
      );
      expect([response.status, response.body.error]).toEqual([200, undefined]);
      pages.push(response.body.result.data);
      pageToken = response.body.result.nextPageToken;
    } while (pageToken);
    return pages;
  }

  async function startDeletion(
    data: unknown,
    who: Credentials = owner,
  ): Promise<{ jobId: string; tasksCount: number }> {
    const response = await call<{ jobId: string; tasksCount: number }>('/v2/users/data/delete', data, who);
    expect([response.status, response.body.error]).toEqual([200, undefined]);
    return response.body.result.data;
  }
  async function status(jobId: string): Promise<DeletionStatus> {
    const response = await call<DeletionStatus>('/v2/users/data/delete/status', { jobId });
    expect([response.status, response.body.error]).toEqual([200, undefined]);
    return response.body.result.data;
  }
  const completed = (jobId: string, timeoutMs = 30_000) =>
    eventually(
      async () => {
        const current = await status(jobId);
        if (!current.isDeleteCompleted) throw new Error(`not completed: ${JSON.stringify(current)}`);
        return current;
      },
      { timeoutMs, intervalMs: 100 },
    );
  const count = async (sql: string, params: unknown[]) => Number((await world.query<{ n: string }>(sql, params))[0].n);
  /** A multiplayer-editing editor last compacted with `lastUpdatedBy`, with one uncompacted log row per user of `log`. */
  async function seedCrdt(
    organizationId: string,
    documentId: string,
    editorId: string,
    lastUpdatedBy: string | null,
    log: string[] = [],
  ) {
    await world.query(
      `INSERT INTO crdt_editor (api_key_id, organization_id, document_id, editor_id, state, last_updated_by) VALUES ($1, $2, $3, $4, '\\x0000', $5)`,
      [owner.apiKey, organizationId, documentId, editorId, lastUpdatedBy],
    );
    await world.query(
      `INSERT INTO crdt_update (api_key_id, organization_id, document_id, editor_id, data, user_id)
       SELECT $1, $2, $3, $4, convert_to(u.user_id || u.n, 'UTF8'), u.user_id FROM unnest($5::text[]) WITH ORDINALITY AS u(user_id, n)`,
      [owner.apiKey, organizationId, documentId, editorId, log],
    );
  }
  /** Who each stored CRDT row names, with its content. */
  const crdtRows = (organizationId: string) =>
    world.query<{ editor_id: string; user_id: string | null; data: string }>(
      `SELECT editor_id, last_updated_by AS user_id, encode(state, 'escape') AS data FROM crdt_editor WHERE api_key_id = $1 AND organization_id = $2
       UNION ALL SELECT editor_id, user_id, encode(data, 'escape') FROM crdt_update WHERE api_key_id = $1 AND organization_id = $2 ORDER BY 1, 3`,
      [owner.apiKey, organizationId],
    );
  /** Delivery ids in the owner's delivery log, newest first. */
  async function deliveryLog(): Promise<string[]> {
    const response = await call<Array<{ id: string }>>('/v2/workspace/webhooks/deliveries/get', {});
    expect([response.status, response.body.error, response.body.result.nextPageToken]).toEqual([
      200,
      undefined,
      undefined,
    ]);
    return response.body.result.data.map((delivery) => delivery.id);
  }

  /**
   * One annotation per call, comments as [author, tagged users]; the first comment's author creates the annotation.
   * With `notify`, the comments ask for notifications, so the write produces webhook deliveries.
   */
  async function addAnnotation(
    documentId: string,
    annotationId: string,
    comments: Array<[string, string[]]>,
    notify = false,
  ) {
    const response = await call('/v2/commentannotations/add', {
      organizationId: 'acme',
      documentId,
      commentAnnotations: [
        {
          annotationId,
          commentData: comments.map(([author, tagged], i) => ({
            commentText: `${author} says ${i}`,
            from: { userId: author, name: author, email: `${author}@example.com` },
            taggedUserContacts: tagged.map((userId) => ({
              userId,
              contact: { userId, name: userId, email: `${userId}@example.com` },
              text: `@${userId}`,
            })),
            ...(notify ? { triggerNotification: true } : {}),
          })),
        },
      ],
    });
    expect([response.status, response.body.error]).toEqual([200, undefined]);
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    receiver = await WebhookReceiver.start();
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, 'acme', 'd1');
    await seedDocument(world, owner.apiKey, 'acme', 'd2');
    await seedFolder(world, owner.apiKey, 'acme', 'f1');
    await seedEditors(api.url, owner, 'acme', ['alice', 'bob']);
    await call('/v2/users/add', {
      organizationId: 'acme',
      documentId: 'd1',
      users: [{ userId: 'alice', accessRole: 'viewer' }],
    });
    await call('/v2/users/add', {
      organizationId: 'acme',
      folderId: 'f1',
      users: [{ userId: 'alice', accessRole: 'editor' }],
    });
    // a1: alice's thread where bob answers and tags alice; a2: alice alone; a3: bob's thread tagging alice.
    await addAnnotation('d1', 'a1', [
      ['alice', ['bob']],
      ['bob', ['alice']],
    ]);
    await addAnnotation('d1', 'a2', [['alice', []]]);
    await addAnnotation('d2', 'a3', [['bob', ['alice', 'carol']]]);
    for (const [userId, icon] of [
      ['alice', 'like'],
      ['bob', 'heart'],
    ]) {
      const response = await call('/v2/commentannotations/comments/reactions/add', {
        organizationId: 'acme',
        documentId: 'd2',
        annotationId: 'a3',
        commentId: 1,
        from: { userId },
        icons: [icon],
      });
      expect(response.status).toBe(200);
    }
    // Last, so that the delete test's own threads are the only webhook history.
    const configured = await call('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'user-data-token',
        rawNotificationUrl: receiver.url('/raw'),
        processedNotificationUrl: receiver.url('/processed'),
      },
    });
    expect(configured.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await receiver?.down();
    await api?.stop();
    await world?.dispose();
  });

  describe.each(['v1', 'v2'] as VeltVersion[])("Velt's %s examples", (version) => {
    it('are accepted and answered in the documented shapes', async () => {
      const get = veltPage(version, 'users-data-get');
      // The example's pageToken is a placeholder no server issued; the first page is asked instead.
      const { pageToken, ...getData } = requestData(get.requestExamples[0]);
      expect(pageToken).toBe('yourPageToken');
      await seedDocument(
        world,
        owner.apiKey,
        (getData as { organizationId: string }).organizationId,
        `doc-${version}`,
      ).catch(() => undefined);
      const got = await post(api.url, get.path, getData, veltHeaders(get.auth, owner));
      expect([got.status, got.body.error]).toEqual([200, undefined]);
      expect(responseProblems(get, got.body)).toEqual([]);

      const del = veltPage(version, 'users-data-delete');
      const started = await post<{ jobId: string }>(
        api.url,
        del.path,
        requestData(del.requestExamples[0]),
        veltHeaders(del.auth, owner),
      );
      expect([started.status, started.body.error, started.body.result.message]).toEqual([
        200,
        undefined,
        'Data deletion process has been initiated.',
      ]);
      expect(responseProblems(del, started.body)).toEqual([]);
      expect(started.body.result.data).toMatchObject({ tasksCount: 2 * TASK_KINDS });

      const stat = veltPage(version, 'users-data-delete-status');
      const check = () =>
        post(
          api.url,
          stat.path,
          { ...requestData(stat.requestExamples[0]), jobId: started.body.result.data.jobId },
          veltHeaders(stat.auth, owner),
        );
      // No worker runs yet: before any task completes, lastTaskCompletedTime is null (Velt shows only a finished job).
      const pending = await check();
      expect([pending.status, pending.body.error, pending.body.result.data]).toEqual([
        200,
        undefined,
        { isDeleteCompleted: false, tasksLeft: 2 * TASK_KINDS, lastTaskCompletedTime: null },
      ]);
      const worker = await spawnWorker();
      try {
        await completed(started.body.result.data.jobId);
      } finally {
        expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
      }
      const finished = await check();
      expect([finished.status, finished.body.error]).toEqual([200, undefined]);
      expect(responseProblems(stat, finished.body)).toEqual([]);
    }, 60_000);
  });

  it("data/get returns the user's profile, grants, presence, comments written or tagged in, and reactions", async () => {
    for (const [documentId, users] of [
      ['d1', [{ userId: 'alice', name: 'Alice', email: 'alice@example.com' }, { userId: 'bob' }]],
      ['d2', [{ userId: 'alice', status: 'away' }]],
    ] as const) {
      const added = await call('/v2/presence/add', { organizationId: 'acme', documentId, users });
      expect([added.status, added.body.error]).toEqual([200, undefined]);
    }
    const pages = await userData('acme', 'alice');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page.users).toEqual([
      expect.objectContaining({ userId: 'alice', organizationId: 'acme', organizationUserGroupIds: [] }),
    ]);
    expect(page.grants).toEqual([
      { resourceType: 'organization', organizationId: 'acme', accessRole: 'editor', expiresAt: null },
      { resourceType: 'folder', organizationId: 'acme', folderId: 'f1', accessRole: 'editor', expiresAt: null },
      { resourceType: 'document', organizationId: 'acme', documentId: 'd1', accessRole: 'viewer', expiresAt: null },
    ]);
    expect(page.presence).toEqual([
      {
        organizationId: 'acme',
        documentId: 'd1',
        userId: 'alice',
        name: 'Alice',
        email: 'alice@example.com',
        status: 'online',
        expiresAt: anyNumber,
      },
      {
        organizationId: 'acme',
        documentId: 'd2',
        userId: 'alice',
        name: '',
        email: '',
        status: 'away',
        expiresAt: anyNumber,
      },
    ]);
    // Ids are matched literally: the '*' of this organization's id must not match 'acme'.
    await seedDocument(world, owner.apiKey, 'ac*', 'x');
    expect((await userData('ac*', 'alice'))[0].presence).toEqual([]);
    expect(page.comments.map((c) => [c.documentId, c.annotationId, c.commentText])).toEqual([
      ['d1', 'a1', 'alice says 0'],
      ['d1', 'a1', 'bob says 1'],
      ['d1', 'a2', 'alice says 0'],
      ['d2', 'a3', 'bob says 0'],
    ]);
    expect(page.reactions).toEqual([
      expect.objectContaining({
        documentId: 'd2',
        annotationId: 'a3',
        commentId: 1,
        icon: 'like',
        from: { userId: 'alice' },
      }),
    ]);
    expect([page.recordings, page.notifications]).toEqual([[], []]);
  });

  it('data/get lists the threads the user has read and their thread subscriptions', async () => {
    const readAt = new Date('2026-01-02T03:04:05.678Z');
    await world.query(
      `INSERT INTO comment_read (api_key_id, organization_id, document_id, annotation_id, user_id, read_at)
       VALUES ($1, 'acme', 'd2', 'a3', 'alice', $2), ($1, 'acme', 'd1', 'a1', 'alice', $2), ($1, 'acme', 'd1', 'a2', 'bob', $2)`,
      [owner.apiKey, readAt],
    );
    const entry = (userId: string) => ({ user: { userId, name: userId }, type: 'manual' });
    await world.query(
      `UPDATE comment_annotation SET subscribed_users = jsonb_build_object(md5('alice'), $2::jsonb, md5('bob'), $3::jsonb)
        WHERE api_key_id = $1 AND id = 'a2'`,
      [owner.apiKey, entry('alice'), entry('bob')],
    );
    await world.query(
      `UPDATE comment_annotation SET unsubscribed_users = jsonb_build_object(md5('alice'), $2::jsonb) WHERE api_key_id = $1 AND id = 'a3'`,
      [owner.apiKey, entry('alice')],
    );
    const [page] = await userData('acme', 'alice');
    expect(page.commentReads).toEqual([
      { organizationId: 'acme', documentId: 'd1', annotationId: 'a1', readAt: readAt.getTime() },
      { organizationId: 'acme', documentId: 'd2', annotationId: 'a3', readAt: readAt.getTime() },
    ]);
    expect(page.threadSubscriptions).toEqual([
      { organizationId: 'acme', documentId: 'd1', annotationId: 'a2', subscribed: true, ...entry('alice') },
      { organizationId: 'acme', documentId: 'd2', annotationId: 'a3', subscribed: false, ...entry('alice') },
    ]);
    const [bobs] = await userData('acme', 'bob');
    expect(bobs.commentReads).toEqual([
      { organizationId: 'acme', documentId: 'd1', annotationId: 'a2', readAt: readAt.getTime() },
    ]);
    expect(bobs.threadSubscriptions).toEqual([
      { organizationId: 'acme', documentId: 'd1', annotationId: 'a2', subscribed: true, ...entry('bob') },
    ]);
  });

  it('pages over more than 100 comments return each once, with one token carrying every list', async () => {
    await world.query(
      `INSERT INTO comment_annotation (api_key_id, organization_id, document_id, id, status, created_by) VALUES ($1, 'acme', 'd2', 'many', '{"id":"OPEN","name":"Open","type":"default"}', '{"userId":"dave"}')`,
      [owner.apiKey],
    );
    await world.query(
      `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user)
       SELECT $1, 'acme', 'd2', 'many', n, 'c' || n, '{"userId":"dave"}' FROM generate_series(1, 250) n`,
      [owner.apiKey],
    );
    const pages = await userData('acme', 'dave');
    expect(pages.map((page) => page.comments.length)).toEqual([100, 100, 50]);
    const ids = pages.flatMap((page) => page.comments.map((c) => c.commentId));
    expect(new Set(ids).size).toBe(250);
    // The editors dave wrote in page alongside, by (documentId, editorId).
    for (let i = 0; i < 150; i++) await seedCrdt('acme', 'd2', `many-${String(i).padStart(3, '0')}`, 'dave');
    const paged = await userData('acme', 'dave');
    expect(paged.map((page) => page.crdt.length)).toEqual([100, 50, 0]);
    expect(paged.flatMap((page) => page.crdt.map((e) => e.editorId))).toEqual(
      Array.from({ length: 150 }, (_, i) => `many-${String(i).padStart(3, '0')}`),
    );

    const first = await call<UserData>('/v2/users/data/get', { organizationId: 'acme', userId: 'dave' });
    const token = first.body.result.nextPageToken ?? '';
    const tampered = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    const refused = await call('/v2/users/data/get', { organizationId: 'acme', userId: 'dave', pageToken: tampered });
    expect([refused.status, refused.body.error?.status]).toEqual([400, 'INVALID_ARGUMENT']);
    // A token is bound to its user: it cannot page another user's data.
    const elsewhere = await call('/v2/users/data/get', { organizationId: 'acme', userId: 'alice', pageToken: token });
    expect([elsewhere.status, elsewhere.body.error?.status]).toEqual([400, 'INVALID_ARGUMENT']);
  });

  it("another API key sees none of this key's user data and cannot read its jobs", async () => {
    const missing = await call('/v2/users/data/get', { organizationId: 'acme', userId: 'alice' }, other);
    expect([missing.status, missing.body.error?.status]).toEqual([404, 'NOT_FOUND']);
    await seedDocument(world, other.apiKey, 'acme', 'd1');
    const [page] = await userData('acme', 'alice', other);
    expect(page).toEqual({
      users: [],
      grants: [],
      presence: [],
      comments: [],
      reactions: [],
      activities: [],
      recordings: [],
      notifications: [],
      crdt: [],
      workflows: [],
      commentReads: [],
      threadSubscriptions: [],
      memory: [],
      agents: [],
    });
    const { jobId } = await startDeletion({ userIds: ['nobody'] });
    const foreign = await call('/v2/users/data/delete/status', { jobId }, other);
    expect([foreign.status, foreign.body.error?.status]).toEqual([404, 'NOT_FOUND']);
  });

  it("delete erases the user's data, keeps others' comments with the user stripped out", async () => {
    // Webhook history: threads naming alice (tagged; her own) and one that does not; no webhook worker runs yet, so all stay pending.
    await addAnnotation('d2', 'w-tagged', [['bob', ['alice']]], true);
    await addAnnotation('d2', 'w-own', [['alice', []]], true);
    await addAnnotation('d2', 'w-other', [['bob', ['carol']]], true);
    const annotationOf = new Map(
      (
        await world.query<{ id: string; payload: unknown }>(
          'SELECT id, payload FROM webhook_delivery WHERE api_key_id = $1',
          [owner.apiKey],
        )
      ).map((row) => [
        row.id,
        ['w-tagged', 'w-own', 'w-other'].find((annotationId) =>
          JSON.stringify(row.payload).includes(`"${annotationId}"`),
        ),
      ]),
    );
    const before = await deliveryLog();
    const naming = before.filter((id) => ['w-tagged', 'w-own'].includes(annotationOf.get(id) ?? ''));
    const kept = before.filter((id) => !naming.includes(id));
    // Raw and processed delivery of each thread.
    expect([naming.length, kept.filter((id) => annotationOf.get(id) === 'w-other').length]).toEqual([4, 2]);
    // In-app notifications: the mention of alice is hers to read (and to erase); carol's stays.
    const [withNotifications] = await userData('acme', 'alice');
    expect(withNotifications.notifications).toEqual([
      expect.objectContaining({
        notificationSource: 'comment',
        targetAnnotationId: 'w-tagged',
        notifyUsersByUserId: { alice: true },
      }),
    ]);

    // Activities alice performed are hers (immutable ones too); bob's stay.
    const enabled = await call('/v2/workspace/activityconfig/update', {
      activityServiceConfig: { isEnabled: true, immutable: true },
    });
    expect(enabled.status).toBe(200);
    const activity = (id: string, userId: string) => ({
      id,
      featureType: 'custom',
      actionType: 'signed',
      actionUser: { userId },
      targetEntityId: 'contract',
    });
    const logged = await call('/v2/activities/add', {
      organizationId: 'acme',
      documentId: 'd1',
      activities: [activity('by-alice', 'alice'), activity('by-bob', 'bob')],
    });
    expect(logged.status).toBe(200);
    expect((await userData('acme', 'alice'))[0].activities.map((a) => [a.id, a.actionUser])).toEqual([
      ['by-alice', { userId: 'alice' }],
    ]);

    // Multiplayer editing: alice last updated e-alice and has an uncompacted update on e-bob; e-bob and e-other are bob's.
    await seedCrdt('acme', 'd1', 'e-alice', 'alice', ['alice', 'bob']);
    await seedCrdt('acme', 'd1', 'e-bob', 'bob', ['alice']);
    await seedCrdt('acme', 'd2', 'e-other', 'bob', ['bob']);
    expect((await userData('acme', 'alice'))[0].crdt).toEqual([
      { organizationId: 'acme', documentId: 'd1', editorId: 'e-alice', lastUpdate: anyNumber, versionIds: [] },
      { organizationId: 'acme', documentId: 'd1', editorId: 'e-bob', lastUpdate: anyNumber, versionIds: [] },
    ]);
    const crdtBefore = await crdtRows('acme');

    const worker = await spawnWorker();
    try {
      const { jobId, tasksCount } = await startDeletion({ userIds: ['alice'] });
      expect(tasksCount).toBe(TASK_KINDS);
      const done = await completed(jobId);
      expect(done.tasksLeft).toBe(0);
      expect(done.lastTaskCompletedTime).toEqual(anyNumber);
    } finally {
      expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
    }
    const [gone] = await userData('acme', 'alice');
    expect(gone).toEqual({
      users: [],
      grants: [],
      presence: [],
      comments: [],
      reactions: [],
      activities: [],
      recordings: [],
      notifications: [],
      crdt: [],
      workflows: [],
      commentReads: [],
      threadSubscriptions: [],
      memory: [],
      agents: [],
    });
    // Alice's id is gone from the CRDT rows, the content and bob's attribution stay.
    expect(await crdtRows('acme')).toEqual(
      crdtBefore.map((row) => ({ ...row, user_id: row.user_id === 'alice' ? null : row.user_id })),
    );
    expect(crdtBefore.filter((row) => row.user_id === 'alice')).toHaveLength(3);
    const present = await call<Array<{ userId: string }>>('/v2/presence/get', {
      organizationId: 'acme',
      documentId: 'd1',
    });
    expect(present.body.result.data.map((u) => u.userId)).toEqual(['bob']);
    const remaining = await call<Array<{ id: string }>>('/v2/activities/get', {
      organizationId: 'acme',
      featureTypes: ['custom'],
    });
    expect(remaining.body.result.data.map((a) => a.id)).toEqual(['by-bob']);
    expect(
      (await call('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: false } })).status,
    ).toBe(200);

    expect(await deliveryLog()).toEqual(kept);
    expect(
      await world.query(
        `SELECT n.source_data->>'annotationId' AS annotation, u.user_id FROM notification n JOIN notification_user u
      ON u.api_key_id = n.api_key_id AND u.organization_id = n.organization_id AND u.notification_id = n.id WHERE n.api_key_id = $1`,
        [owner.apiKey],
      ),
    ).toEqual([{ annotation: 'w-other', user_id: 'carol' }]);
    expect(
      await count(
        'SELECT count(*) AS n FROM webhook_event e WHERE api_key_id = $1 AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)',
        [owner.apiKey],
      ),
    ).toBe(0);
    // The erased deliveries were pending with jobs queued: a webhook worker finds no row, completes those jobs and sends only the others.
    const sender = await spawnWorker({ WORKER_QUEUES: 'webhook', WEBHOOK_RETRY_SCHEDULE_MS: '200,200' });
    const queue = new Queue('webhook', { connection: { url: REDIS_URL }, prefix: `${world.name}:bull` });
    try {
      await eventually(async () => {
        const states = await Promise.all(naming.map((id) => queue.getJobState(id)));
        if (states.some((state) => state !== 'completed'))
          throw new Error(`erased deliveries' jobs: ${states.join(', ')}`);
        const sent = new Set(receiver.received.map((request) => request.headers['webhook-id']));
        if (!kept.every((id) => sent.has(id))) throw new Error(`${sent.size} of ${kept.length} kept deliveries sent`);
      });
      const sent = receiver.received.map((request) => request.headers['webhook-id']);
      expect(sent.filter((id) => naming.includes(String(id)))).toEqual([]);
      expect(receiver.received.some((request) => request.body.includes('alice'))).toBe(false);
    } finally {
      await queue.close();
      expect(await sender.stop('SIGTERM')).toBe('SIGTERM');
    }

    const annotations = await call<
      Array<{
        annotationId: string;
        from?: unknown;
        comments: Array<{ commentText: string; taggedUserContacts: Array<{ userId: string }> }>;
      }>
    >('/v2/commentannotations/get', { organizationId: 'acme', documentId: 'd1' });
    const d1 = annotations.body.result.data;
    // a2 held only alice's comment: gone. a1 keeps bob's comment, without alice as creator or tagged contact.
    expect(d1.map((a) => a.annotationId)).toEqual(['a1']);
    expect(d1[0].from).toBeUndefined();
    expect(d1[0].comments.map((c) => [c.commentText, c.taggedUserContacts.map((t) => t.userId)])).toEqual([
      ['bob says 1', []],
    ]);
    const [bob] = await userData('acme', 'bob');
    expect(bob.users).toHaveLength(1);
    expect(bob.reactions.map((r) => r.icon)).toEqual(['heart']);
    expect(bob.crdt.map((e) => e.editorId)).toEqual(['e-alice', 'e-bob', 'e-other']);
    const a3 = bob.comments.find((c) => c.annotationId === 'a3');
    expect((a3?.taggedUserContacts as Array<{ userId: string }>).map((t) => t.userId)).toEqual(['carol']);
    expect(
      await count('SELECT count(*) AS n FROM comment_reaction WHERE api_key_id = $1 AND user_id = $2', [
        owner.apiKey,
        'alice',
      ]),
    ).toBe(0);
  }, 60_000);

  it('a worker killed mid-deletion loses nothing; a new worker completes the job exactly once', async () => {
    const documents = Array.from({ length: CRASH_DOCUMENTS }, (_, i) => `crash-${i}`);
    await world.query(
      `INSERT INTO document (api_key_id, organization_id, id, name) SELECT $1, 'acme', id, id FROM unnest($2::text[]) id`,
      [owner.apiKey, documents],
    );
    await world.query(
      `INSERT INTO comment_annotation (api_key_id, organization_id, document_id, id, status, created_by)
       SELECT $1, 'acme', id, 'thread', '{"id":"OPEN","name":"Open","type":"default"}', '{"userId":"erin"}' FROM unnest($2::text[]) id`,
      [owner.apiKey, documents],
    );
    await world.query(
      `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user)
       SELECT $1, 'acme', 'crash-' || (n % $3), 'thread', n, 'c' || n, '{"userId":"erin"}' FROM generate_series(1, $2::int) n`,
      [owner.apiKey, CRASH_COMMENTS, CRASH_DOCUMENTS],
    );
    // Frank's comment keeps one thread alive: it must survive with erin's identity removed.
    await world.query(
      `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user, tagged_user_contacts)
       VALUES ($1, 'acme', 'crash-0', 'thread', 999999, 'frank', '{"userId":"frank"}', '[{"userId":"erin"},{"userId":"gina"}]')`,
      [owner.apiKey],
    );
    // Webhook history spanning several batches: 25 deliveries naming erin in acme among others', and one in beta outside the deletion's scope.
    await world.query(
      `WITH d AS (
         SELECT n, CASE WHEN n = 31 THEN 'beta' ELSE 'acme' END AS org, CASE WHEN n % 6 = 0 THEN 'gina' ELSE 'erin' END AS author FROM generate_series(1, 31) n
       ), e AS (INSERT INTO webhook_event (id, api_key_id, organization_id, document_id, event) SELECT 'crash-event-' || n, $1, org, 'crash-0', 'comment_annotation.add' FROM d)
       INSERT INTO webhook_delivery (id, event_id, api_key_id, organization_id, document_id, event, target, url, payload, status)
       SELECT 'crash-delivery-' || n, 'crash-event-' || n, $1, org, 'crash-0', 'comment_annotation.add', 'raw', 'http://127.0.0.1:9/raw',
              jsonb_build_object('actionUser', jsonb_build_object('userId', author, 'email', author || '@example.com')), 'succeeded'
         FROM d ORDER BY n`,
      [owner.apiKey],
    );
    const [{ last }] = await world.query<{ last: string }>(
      'SELECT max(seq)::text AS last FROM webhook_delivery WHERE api_key_id = $1',
      [owner.apiKey],
    );
    await seedDocument(world, owner.apiKey, 'beta', 'b1');
    for (const organizationId of ['acme', 'beta']) {
      const added = await call('/v2/presence/add', {
        organizationId,
        documentId: organizationId === 'acme' ? 'crash-1' : 'b1',
        users: [{ userId: 'erin' }],
      });
      expect([added.status, added.body.error]).toEqual([200, undefined]);
    }
    // CRDT attribution over several batches: 25 log rows and 12 editors naming erin in acme, one editor in beta outside the scope.
    await seedCrdt(
      'acme',
      'crash-0',
      'erin-log',
      null,
      Array.from({ length: 25 }, () => 'erin'),
    );
    for (let i = 0; i < 12; i++) await seedCrdt('acme', `crash-${i}`, 'erin-editor', 'erin');
    await seedCrdt('beta', 'b1', 'erin-editor', 'erin');
    const erinComments = () =>
      count(`SELECT count(*) AS n FROM comment WHERE api_key_id = $1 AND from_user->>'userId' = 'erin'`, [
        owner.apiKey,
      ]);

    const doomed = await spawnWorker({ USER_DATA_BATCH_SIZE: String(BATCH) });
    const { jobId } = await startDeletion({ userIds: ['erin'], organizationIds: ['acme'] });
    await eventually(
      async () => {
        const current = await status(jobId);
        const left = await erinComments();
        if (!(current.tasksLeft < TASK_KINDS && left < CRASH_COMMENTS && left > 0))
          throw new Error(`no progress yet: ${JSON.stringify(current)}, ${left} left`);
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );
    expect(await doomed.stop('SIGKILL')).toBe('SIGKILL');
    const midway = await status(jobId);
    expect(midway.isDeleteCompleted).toBe(false);
    expect(midway.tasksLeft).toBeGreaterThan(0);
    expect(midway.lastTaskCompletedTime).toEqual(anyNumber);

    const rescuer = await spawnWorker({ USER_DATA_BATCH_SIZE: String(BATCH) });
    try {
      expect(await completed(jobId, 60_000)).toEqual({
        isDeleteCompleted: true,
        tasksLeft: 0,
        lastTaskCompletedTime: anyNumber,
      });
    } finally {
      expect(await rescuer.stop('SIGTERM')).toBe('SIGTERM');
    }
    expect(await erinComments()).toBe(0);
    const tasks = await world.query<{ kind: string; erased: number; progress: string | null }>(
      'SELECT kind, erased, progress FROM user_data_deletion_task WHERE deletion_id = $1 ORDER BY position',
      [jobId],
    );
    // Every comment was counted by exactly one committed batch; 59 threads were left empty and deleted, one anonymized.
    // The webhook walk went to the log's end in batches of BATCH: 25 deliveries and their 25 events.
    expect(tasks).toEqual([
      { kind: 'access', erased: 0, progress: null },
      { kind: 'presence', erased: 1, progress: null },
      { kind: 'reactions', erased: 0, progress: null },
      { kind: 'comments', erased: CRASH_COMMENTS, progress: null },
      { kind: 'mentions', erased: 1, progress: null },
      { kind: 'annotations', erased: 1, progress: null },
      { kind: 'notifications', erased: 0, progress: null },
      { kind: 'webhooks', erased: 50, progress: last },
      { kind: 'activities', erased: 0, progress: null },
      // No e-mail service here: the walk finds an empty log at once.
      { kind: 'emails', erased: 0, progress: '0' },
      { kind: 'crdt-attribution', erased: 37, progress: null },
      { kind: 'workflows', erased: 0, progress: null },
      { kind: 'memory', erased: 0, progress: null },
      { kind: 'agent-runs', erased: 0, progress: null },
    ]);
    expect((await crdtRows('acme')).filter((row) => row.user_id === 'erin')).toEqual([]);
    expect(await crdtRows('beta')).toEqual([{ editor_id: 'erin-editor', user_id: 'erin', data: '\\000\\000' }]);
    const crashDeliveries = await world.query<{ id: string }>(
      `SELECT id FROM webhook_delivery WHERE api_key_id = $1 AND id LIKE 'crash-delivery-%' ORDER BY seq`,
      [owner.apiKey],
    );
    expect(crashDeliveries.map((row) => row.id)).toEqual([6, 12, 18, 24, 30, 31].map((n) => `crash-delivery-${n}`));
    expect(
      await count(`SELECT count(*) AS n FROM webhook_event WHERE api_key_id = $1 AND id LIKE 'crash-event-%'`, [
        owner.apiKey,
      ]),
    ).toBe(6);
    const [erinElsewhere] = await userData('beta', 'erin');
    expect(erinElsewhere.presence).toEqual([
      expect.objectContaining({ organizationId: 'beta', documentId: 'b1', userId: 'erin' }),
    ]);
    expect((await userData('acme', 'erin'))[0].presence).toEqual([]);
    const [row] = await world.query<{ attempts: number; status: string }>(
      'SELECT attempts, status FROM user_data_deletion WHERE id = $1',
      [jobId],
    );
    expect(row).toEqual({ attempts: 2, status: 'completed' });
    expect(
      await count(`SELECT count(*) AS n FROM comment_annotation WHERE api_key_id = $1 AND id = 'thread'`, [
        owner.apiKey,
      ]),
    ).toBe(1);
    const [survivor] = await world.query<{ created_by: unknown; tagged: unknown }>(
      `SELECT a.created_by, c.tagged_user_contacts AS tagged FROM comment c JOIN comment_annotation a
         ON a.api_key_id = c.api_key_id AND a.organization_id = c.organization_id AND a.document_id = c.document_id AND a.id = c.annotation_id
        WHERE c.api_key_id = $1 AND c.id = 999999`,
      [owner.apiKey],
    );
    expect(survivor).toEqual({ created_by: null, tagged: [{ userId: 'gina' }] });
    const logged = (worker: RunningProcess) =>
      worker
        .output()
        .split('\n')
        .filter((line) => line.includes('"User data deletion completed"') && line.includes(jobId)).length;
    expect([logged(doomed), logged(rescuer)]).toEqual([0, 1]);
  }, 120_000);
});
