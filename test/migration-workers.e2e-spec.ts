import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { migrationStatus, settled, startMigration, WORKER_TIMINGS } from './support/migrations';
import { seedDocument, seedOrganization } from './support/seed';

/** Enough rows hanging off one document that its re-key takes seconds: a window to kill the worker in. */
const BIG = 150_000;

describe('migration workers: crashes, graceful stop, several processes', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;
  const call = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(owner));
  const spawnWorker = () => startWorker(world.env, { ...WORKER_TIMINGS, WORKER_QUEUES: 'migration' });
  const completedBy = (worker: RunningProcess) =>
    worker
      .output()
      .split('\n')
      .filter((line) => line.includes('"Migration completed"'))
      .map((line) => (JSON.parse(line) as { migrationId: string }).migrationId);
  const count = async (sql: string, params: unknown[]) => Number((await world.query<{ n: string }>(sql, params))[0].n);
  const rowsOf = (table: string, documentId: string) =>
    count(
      `SELECT count(*) AS n FROM ${table} WHERE api_key_id = $1 AND organization_id = 'acme' AND document_id = $2`,
      [owner.apiKey, documentId],
    );
  const documentExists = async (id: string) =>
    (await count(`SELECT count(*) AS n FROM document WHERE api_key_id = $1 AND organization_id = 'acme' AND id = $2`, [
      owner.apiKey,
      id,
    ])) === 1;

  /** Resolves once the worker's re-key statement is running in PostgreSQL, i.e. mid-transaction. */
  const rekeyRunning = () =>
    eventually(
      async () => {
        const active = await count(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'UPDATE document SET id%'`,
          [],
        );
        if (active === 0) throw new Error('re-key not running yet');
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    );

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await seedOrganization(world, owner.apiKey, 'acme');
    await seedDocument(world, owner.apiKey, 'acme', 'big');
    await world.query(
      `INSERT INTO document_grant (api_key_id, organization_id, document_id, user_id, access_role)
       SELECT $1, 'acme', 'big', 'user-' || n, 'viewer' FROM generate_series(1, $2::int) n`,
      [owner.apiKey, BIG],
    );
    await world.query(
      `INSERT INTO live_state (api_key_id, organization_id, document_id, id, data)
       SELECT $1, 'acme', 'big', 'state-' || n, jsonb_build_object('n', n) FROM generate_series(1, $2::int) n`,
      [owner.apiKey, BIG],
    );
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('a worker killed with SIGKILL mid-migration loses nothing; another worker completes it exactly once', async () => {
    const doomed = await spawnWorker();
    const migrationId = await startMigration(call, 'acme', 'big', 'big-2');
    await rekeyRunning();
    expect(await doomed.stop('SIGKILL')).toBe('SIGKILL');

    // The open transaction dies with its connection: the source is as it was.
    expect(await migrationStatus(call, 'acme', migrationId)).toEqual({ migrationId, status: 'in_progress' });
    expect(await documentExists('big')).toBe(true);

    const rescuer = await spawnWorker();
    try {
      expect(await settled(call, 'acme', migrationId, 90_000)).toEqual({ migrationId, status: 'completed' });
      expect([await documentExists('big'), await documentExists('big-2')]).toEqual([false, true]);
      expect([await rowsOf('document_grant', 'big-2'), await rowsOf('live_state', 'big-2')]).toEqual([BIG, BIG]);
      expect([await rowsOf('document_grant', 'big'), await rowsOf('live_state', 'big')]).toEqual([0, 0]);
      const [row] = await world.query<{ attempts: number; completed_at: Date | null }>(
        'SELECT attempts, completed_at FROM document_migration WHERE id = $1',
        [migrationId],
      );
      expect(row.attempts).toBe(2);
      expect(row.completed_at).not.toBeNull();
      expect(completedBy(doomed)).toEqual([]);
      expect(completedBy(rescuer)).toEqual([migrationId]);
    } finally {
      expect(await rescuer.stop('SIGTERM')).toBe('SIGTERM');
    }
  }, 120_000);

  it('SIGTERM lets the running migration finish before the worker exits', async () => {
    const worker = await spawnWorker();
    const migrationId = await startMigration(call, 'acme', 'big-2', 'big-3');
    await rekeyRunning();
    expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
    expect(await migrationStatus(call, 'acme', migrationId)).toEqual({ migrationId, status: 'completed' });
    expect(await rowsOf('document_grant', 'big-3')).toBe(BIG);
    expect(completedBy(worker)).toEqual([migrationId]);
    expect(worker.output()).not.toMatch(/"level":50/);
  }, 60_000);

  it('100 migrations across 2 worker processes are each done exactly once', async () => {
    const documents = Array.from({ length: 100 }, (_, i) => `doc-${i}`);
    await world.query(
      `INSERT INTO document (api_key_id, organization_id, id, name) SELECT $1, 'acme', id, id FROM unnest($2::text[]) id`,
      [owner.apiKey, documents],
    );
    const workers = [await spawnWorker(), await spawnWorker()];
    try {
      const ids = await Promise.all(documents.map((id) => startMigration(call, 'acme', id, `${id}-new`)));
      await eventually(
        async () => {
          const done = await count(
            `SELECT count(*) AS n FROM document_migration WHERE id = ANY($1) AND status = 'completed'`,
            [ids],
          );
          if (done < ids.length) throw new Error(`${done} of ${ids.length} completed`);
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      const attempts = await world.query<{ attempts: number }>(
        'SELECT attempts FROM document_migration WHERE id = ANY($1)',
        [ids],
      );
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
      const renamed = await count(`SELECT count(*) AS n FROM document WHERE api_key_id = $1 AND id LIKE 'doc-%-new'`, [
        owner.apiKey,
      ]);
      const left = await count(`SELECT count(*) AS n FROM document WHERE api_key_id = $1 AND id = ANY($2)`, [
        owner.apiKey,
        documents,
      ]);
      expect([renamed, left]).toEqual([100, 0]);
      // Each worker logs a completion after its commit: on a busy machine the last lines may trail the rows.
      await eventually(() => expect(workers.flatMap(completedBy).sort()).toEqual([...ids].sort()), {
        timeoutMs: 10_000,
      });
      const [first, second] = workers.map(completedBy);
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
    } finally {
      for (const worker of workers) expect(await worker.stop('SIGTERM')).toBe('SIGTERM');
    }
  }, 90_000);
});
