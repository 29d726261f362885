import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { anyString } from './support/matchers';
import { migrationStatus, settled, startMigration, WORKER_TIMINGS } from './support/migrations';
import { connect, nextEvent, request, userToken } from './support/realtime-client';

describe('document migration', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | undefined;
  let owner: Credentials;
  let other: Credentials;
  const call = <T = unknown>(path: string, data: unknown, who: Credentials = owner) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const migrate = (data: Record<string, unknown>, who: Credentials = owner) =>
    call('/v2/organizations/documents/migrate', data, who);
  const documentIds = async (organizationId: string) =>
    (
      await world.query<{ id: string }>(
        'SELECT id FROM document WHERE api_key_id = $1 AND organization_id = $2 ORDER BY id',
        [owner.apiKey, organizationId],
      )
    ).map((row) => row.id);

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    other = await createWorkspace(api.url);
    await call('/v2/organizations/add', {
      organizations: [{ organizationId: 'acme' }, { organizationId: 'soon-off' }, { organizationId: 'off' }],
    });
    await call('/v2/organizations/folders/add', { organizationId: 'acme', folders: [{ folderId: 'drafts' }] });
    await call('/v2/organizations/documents/add', {
      organizationId: 'acme',
      folderId: 'drafts',
      documents: [
        {
          documentId: 'plan',
          documentName: 'The plan',
          accessType: 'restricted',
          metadata: { pages: 3, tags: ['q1'] },
        },
      ],
    });
    await call('/v2/organizations/documents/add', {
      organizationId: 'acme',
      documents: ['taken-src', 'taken', 'gone', 'twice', 'swept', 'busy', 'live'].map((documentId) => ({ documentId })),
    });
    await call('/v2/organizations/documents/add', { organizationId: 'soon-off', documents: [{ documentId: 'doc' }] });
    await call('/v2/organizations/documents/add', { organizationId: 'off', documents: [{ documentId: 'doc' }] });
    await call('/v2/organizations/access/disablestate/update', { organizationIds: ['off'], disabled: true });
  });

  afterAll(async () => {
    if (worker) expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
    await api?.stop();
    await world?.dispose();
  });

  it('every table keyed by a document follows it on re-key (ON UPDATE CASCADE)', async () => {
    const notCascading = await world.query(
      `SELECT conrelid::regclass::text AS "table" FROM pg_constraint
       WHERE contype = 'f' AND confrelid = 'document'::regclass AND confupdtype <> 'c'`,
    );
    expect(notCascading).toEqual([]);
    // A document_id column outside any foreign key would be left behind by the one-statement re-key,
    // unless the migration moves it explicitly (the webhook, e-mail and activity logs, which outlive deleted documents).
    // A review workflow execution keeps the documentId its dispatch named, as Velt stores it: unchecked, not re-keyed;
    // so does an agent execution (Velt's `metadata.documentId`: the document the run was asked to review).
    // AI memory keeps the document id a decision or knowledge file was recorded under (docs/ai.md "Privacy and tenancy").
    const unreferenced = await world.query<{ table: string }>(
      `SELECT c.table_name AS "table" FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_name = 'document_id' AND NOT EXISTS (
         SELECT 1 FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
         WHERE k.contype = 'f' AND k.conrelid = c.table_name::regclass AND a.attname = 'document_id')`,
    );
    expect(unreferenced.map((row) => row.table).sort()).toEqual([
      'activity',
      'agent_execution',
      'document_migration',
      'email_message',
      'memory_judgment',
      'memory_knowledge_source',
      'memory_knowledge_upload',
      'webhook_delivery',
      'webhook_event',
      'workflow_execution',
    ]);
  });

  describe('requests answered at once', () => {
    it.each([
      [
        'the same id twice',
        { organizationId: 'acme', documentId: 'plan', newDocumentId: 'plan' },
        400,
        'INVALID_ARGUMENT',
        'newDocumentId must differ from documentId.',
      ],
      [
        'a missing source',
        { organizationId: 'acme', documentId: 'nope', newDocumentId: 'x' },
        404,
        'NOT_FOUND',
        'Document does not exist.',
      ],
      [
        'a taken target',
        { organizationId: 'acme', documentId: 'plan', newDocumentId: 'taken' },
        409,
        'ALREADY_EXISTS',
        'A document with newDocumentId already exists.',
      ],
      [
        'a missing organization',
        { organizationId: 'nowhere', documentId: 'plan', newDocumentId: 'x' },
        404,
        'NOT_FOUND',
        'Organization does not exist.',
      ],
      [
        'a disabled organization',
        { organizationId: 'off', documentId: 'doc', newDocumentId: 'x' },
        400,
        'FAILED_PRECONDITION',
        'Organization is disabled.',
      ],
    ])('refuses %s', async (_, data, status, code, message) => {
      const response = await migrate(data);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: { status: code, message } });
    });

    it('refuses a missing or ill-typed field naming it', async () => {
      const response = await migrate({ organizationId: 'acme', documentId: 'plan' });
      expect(response.status).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      expect(response.body.error.message).toMatch(/newDocumentId/);
      expect((await migrate({ organizationId: 'acme', documentId: 'plan', newDocumentId: 7 })).status).toBe(400);
      expect(await world.query('SELECT id FROM document_migration')).toEqual([]);
    });

    it("answers NOT_FOUND for an unknown migration, another organization's or another key's", async () => {
      const migrationId = await startMigration(call, 'acme', 'busy', 'busy-2');
      const cases: [Record<string, unknown>, Credentials][] = [
        [{ organizationId: 'acme', migrationId: 'unknown' }, owner],
        [{ organizationId: 'soon-off', migrationId }, owner],
        [{ organizationId: 'acme', migrationId }, other],
      ];
      for (const [data, who] of cases) {
        const response = await call('/v2/organizations/documents/migrate/status', data, who);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Migration does not exist.' } });
      }
    });
  });

  describe('pending while no worker runs, settled once one starts', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      await world.query(
        `INSERT INTO document_grant (api_key_id, organization_id, document_id, user_id, access_role)
         SELECT $1, 'acme', 'plan', 'user-' || n, CASE WHEN n % 2 = 0 THEN 'editor' ELSE 'viewer' END FROM generate_series(1, 50) n`,
        [owner.apiKey],
      );
      await call('/v2/livestate/broadcast', {
        organizationId: 'acme',
        documentId: 'plan',
        liveStateDataId: 'cursor',
        data: { x: 1 },
      });
      await call('/v2/presence/add', {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: 'ann', name: 'Ann' }],
      });
      // Comments, reactions and their webhook log (delivered to a closed port: the log is what matters here).
      await call('/v2/workspace/webhookconfig/update', {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: 'http://127.0.0.1:9/raw',
          processedNotificationUrl: 'http://127.0.0.1:9/processed',
        },
      });
      await call('/v2/commentannotations/add', {
        organizationId: 'acme',
        documentId: 'plan',
        commentAnnotations: [
          {
            annotationId: 'note',
            commentData: [{ commentText: 'Ship it', from: { userId: 'user-2' }, triggerNotification: true }],
          },
        ],
      });
      await call('/v2/commentannotations/comments/reactions/add', {
        organizationId: 'acme',
        documentId: 'plan',
        annotationId: 'note',
        commentId: 1,
        from: { userId: 'user-2' },
        icons: ['🚀'],
        triggerNotification: true,
      });

      ids.plan = await startMigration(call, 'acme', 'plan', 'plan-v2');
      ids.taken = await startMigration(call, 'acme', 'taken-src', 'taken-later');
      ids.gone = await startMigration(call, 'acme', 'gone', 'gone-2');
      ids.disabled = await startMigration(call, 'soon-off', 'doc', 'doc-2');
      ids.first = await startMigration(call, 'acme', 'twice', 'twice-a');
      ids.second = await startMigration(call, 'acme', 'twice', 'twice-b');
      // The data changes between the request and the job.
      await call('/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [{ documentId: 'taken-later' }],
      });
      await call('/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['gone'] });
      await call('/v2/organizations/access/disablestate/update', { organizationIds: ['soon-off'], disabled: true });
      // A row whose enqueue never reached Redis: only the sweeper can find it.
      ids.swept = 'swept-without-job';
      await world.query(
        `INSERT INTO document_migration (id, api_key_id, organization_id, document_id, new_document_id, created_at, updated_at)
         VALUES ($1, $2, 'acme', 'swept', 'swept-2', now() - interval '1 minute', now() - interval '1 minute')`,
        [ids.swept, owner.apiKey],
      );
    });

    it('reports every migration pending and changes nothing', async () => {
      for (const [name, id] of Object.entries(ids)) {
        const organizationId = name === 'disabled' ? 'soon-off' : 'acme';
        expect(await migrationStatus(call, organizationId, id)).toEqual({ migrationId: id, status: 'pending' });
      }
      expect(await documentIds('acme')).toEqual(expect.arrayContaining(['plan', 'twice', 'swept']));
    });

    it('a worker started later completes the migration, carrying folder, metadata, grants, live state, presence, comments, reactions and webhook history', async () => {
      worker = await startWorker(world.env, { ...WORKER_TIMINGS, WORKER_QUEUES: 'migration' });
      expect(await settled(call, 'acme', ids.plan)).toEqual({ migrationId: ids.plan, status: 'completed' });

      const got = await call('/v2/organizations/documents/get', { organizationId: 'acme', folderId: 'drafts' });
      expect(got.body.result.data).toEqual([
        {
          id: 'plan-v2',
          documentName: 'The plan',
          disabled: false,
          accessType: 'restricted',
          folderId: 'drafts',
          pages: 3,
          tags: ['q1'],
        },
      ]);
      const grants = await world.query<{ document_id: string; n: string }>(
        'SELECT document_id, count(*) AS n FROM document_grant WHERE api_key_id = $1 GROUP BY document_id',
        [owner.apiKey],
      );
      expect(grants).toEqual([{ document_id: 'plan-v2', n: '50' }]);
      const liveState = await call('/v2/livestate/get', { organizationId: 'acme', documentId: 'plan-v2' });
      expect(liveState.body.result.data).toEqual([
        { liveStateDataId: 'cursor', data: { x: 1 }, updatedAt: anyString() },
      ]);
      const presence = await call('/v2/presence/get', { organizationId: 'acme', documentId: 'plan-v2' });
      expect(presence.body.result.data).toEqual([{ userId: 'ann', name: 'Ann', email: '', status: 'online' }]);
      expect((await call('/v2/presence/get', { organizationId: 'acme', documentId: 'plan' })).status).toBe(404);
      const comments = await call('/v2/commentannotations/comments/get', {
        organizationId: 'acme',
        documentId: 'plan-v2',
        annotationId: 'note',
      });
      expect(comments.body.result.data).toEqual([expect.objectContaining({ commentId: 1, commentText: 'Ship it' })]);
      const reactions = await world.query('SELECT document_id, icon FROM comment_reaction WHERE api_key_id = $1', [
        owner.apiKey,
      ]);
      expect(reactions).toEqual([{ document_id: 'plan-v2', icon: '🚀' }]);
      const history = await world.query<{ table: string; document_id: string }>(
        `SELECT 'event' AS table, document_id FROM webhook_event WHERE api_key_id = $1
         UNION ALL SELECT 'delivery', document_id FROM webhook_delivery WHERE api_key_id = $1`,
        [owner.apiKey],
      );
      expect(history.length).toBeGreaterThanOrEqual(4);
      expect(new Set(history.map((row) => row.document_id))).toEqual(new Set(['plan-v2']));
      const presenceKey = (documentId: string) => `presence:{${JSON.stringify([owner.apiKey, 'acme', documentId])}}`;
      expect([await world.redis.exists(presenceKey('plan')), await world.redis.exists(presenceKey('plan-v2'))]).toEqual(
        [0, 1],
      );
    });

    it.each([
      ['taken', 'acme', 'A document with newDocumentId already exists.', ['taken-src', 'taken-later']],
      ['gone', 'acme', 'Source document does not exist.', []],
      ['disabled', 'soon-off', 'Organization is disabled.', ['doc']],
    ])(
      'fails the %s migration with its reason, leaving the source untouched',
      async (name, organizationId, error, kept) => {
        expect(await settled(call, organizationId, ids[name])).toEqual({
          migrationId: ids[name],
          status: 'failed',
          error,
        });
        const present = await documentIds(organizationId);
        for (const id of kept) expect(present).toContain(id);
      },
    );

    it('lets only one of two migrations of the same document succeed', async () => {
      const outcomes = [await settled(call, 'acme', ids.first), await settled(call, 'acme', ids.second)];
      expect(outcomes.map((o) => o.status).sort()).toEqual(['completed', 'failed']);
      expect(outcomes.find((o) => o.status === 'failed')!.error).toBe('Source document does not exist.');
      const present = await documentIds('acme');
      expect(present.filter((id) => id.startsWith('twice'))).toEqual([
        outcomes[0].status === 'completed' ? 'twice-a' : 'twice-b',
      ]);
    });

    it('enqueues a pending row that has no job (Redis was down at enqueue)', async () => {
      expect(await settled(call, 'acme', ids.swept)).toEqual({ migrationId: ids.swept, status: 'completed' });
      expect(await documentIds('acme')).toContain('swept-2');
    });

    it('ran every migration once', async () => {
      const rows = await world.query<{ attempts: number }>(
        'SELECT attempts FROM document_migration WHERE id = ANY($1)',
        [Object.values(ids)],
      );
      expect(rows.map((row) => row.attempts)).toEqual(Object.values(ids).map(() => 1));
    });

    it('tells sockets of the old id the new one and ends their subscription', async () => {
      const socket = await connect(api.url, await userToken(api.url, owner, 'viewer-1'));
      try {
        expect((await request(socket, 'subscribe', { organizationId: 'acme', documentId: 'live' })).status).toBe(
          'success',
        );
        const migrated = nextEvent(socket, 'document_migrated');
        const revoked = nextEvent(socket, 'access_revoked');
        const migrationId = await startMigration(call, 'acme', 'live', 'live-2');
        expect(await settled(call, 'acme', migrationId)).toMatchObject({ status: 'completed' });
        expect(await migrated).toEqual({ organizationId: 'acme', documentId: 'live', newDocumentId: 'live-2' });
        expect(await revoked).toEqual({ organizationId: 'acme', documentId: 'live' });
        expect((await request(socket, 'subscribe', { organizationId: 'acme', documentId: 'live-2' })).status).toBe(
          'success',
        );
      } finally {
        socket.close();
      }
    });
  });
});
