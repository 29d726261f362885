import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { settled, startMigration } from './support/migrations';

const LONG = 90_000;

interface ActivityRecord {
  id: string;
  featureType: string;
  actionType: string;
  actionUser: { userId: string; name?: string } | null;
  timestamp: number;
  metadata: Record<string, unknown>;
  targetEntityId?: string;
  targetSubEntityId?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string;
  immutable?: boolean;
}

/** The activity log end to end: events of real writes recorded in their transactions, custom activities, config, retention by the worker. */
describe('activity log', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));
  const activities = async (who: Credentials, filters: Record<string, unknown>) => {
    const response = await call<ActivityRecord[]>(who, '/v2/activities/get', { organizationId: 'acme', ...filters });
    expect(response.status).toBe(200);
    return response.body.result;
  };
  const configure = async (who: Credentials, activityServiceConfig: Record<string, unknown>) => {
    const response = await call<{ activityServiceConfig: Record<string, unknown> }>(
      who,
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig },
    );
    expect(response.status).toBe(200);
    return response.body.result.data.activityServiceConfig;
  };

  /** A fresh API key whose activity log is on and mutable. */
  async function tenant(config: Record<string, unknown> = {}): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    await configure(who, { isEnabled: true, immutable: false, ...config });
    return who;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    worker = await startWorker(world.env, { ACTIVITY_RETENTION_SWEEP_INTERVAL_MS: '500' });
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await world?.dispose();
  }, LONG);

  it(
    "is off by default (Velt), and the first enable seeds Velt's defaults; the update deep-merges",
    async () => {
      const who = await createWorkspace(api.url);
      const before = await call(who, '/v2/workspace/activityconfig/get', {});
      expect(before.body).toEqual({
        result: {
          status: 'success',
          message: 'Activity logs configuration retrieved successfully.',
          data: { activityServiceConfig: { isEnabled: false } },
        },
      });
      await call(who, '/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] });
      expect((await activities(who, {})).data).toEqual([]);
      const refused = await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd',
        activities: [{ featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' }, targetEntityId: 't' }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.status).toBe('FAILED_PRECONDITION');

      const startedAt = Date.now();
      const enabled = await configure(who, { isEnabled: true });
      expect(enabled).toMatchObject({
        isEnabled: true,
        immutable: true,
        triggers: { comment: { 'comment.add': true } },
      });
      expect(enabled.enabledTime).toBeGreaterThanOrEqual(startedAt);
      const merged = await configure(who, { immutable: false, triggers: { organization: false } });
      expect(merged).toMatchObject({
        isEnabled: true,
        immutable: false,
        enabledTime: enabled.enabledTime,
        triggers: { comment: { 'comment.add': true }, organization: false },
      });
      expect((await call(who, '/v2/workspace/activityconfig/get', {})).body.result.data).toEqual({
        activityServiceConfig: merged,
      });

      const empty = await call(who, '/v2/workspace/activityconfig/update', { activityServiceConfig: {} });
      expect(empty.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'At least one field must be provided for update',
      });
      const unknownSource = await call(who, '/v2/workspace/activityconfig/update', {
        activityServiceConfig: { triggers: { recorder: true } },
      });
      expect(unknownSource.status).toBe(400);
      expect(unknownSource.body.error.message).toContain('data.activityServiceConfig.triggers.recorder');
    },
    LONG,
  );

  it(
    'records an organization add, a document add, a grant and a comment add, each exactly once with its actor, target and change',
    async () => {
      const who = await tenant();
      expect(
        (
          await call(who, '/v2/organizations/add', {
            organizations: [{ organizationId: 'acme', organizationName: 'Acme' }],
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(who, '/v2/organizations/documents/add', {
            organizationId: 'acme',
            documents: [{ documentId: 'plan', documentName: 'Plan' }],
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(who, '/v2/users/add', {
            organizationId: 'acme',
            documentId: 'plan',
            users: [{ userId: 'u1', name: 'Ann', accessRole: 'editor' }],
          })
        ).status,
      ).toBe(200);
      const comment = await call<BatchResult>(who, '/v2/commentannotations/add', {
        organizationId: 'acme',
        documentId: 'plan',
        commentAnnotations: [
          {
            annotationId: 'a1',
            commentData: [{ commentText: 'hello', from: { userId: 'u1', name: 'Ann' }, triggerNotification: true }],
          },
        ],
      });
      expect(comment.body.result.data.a1.success).toBe(true);

      const { data } = await activities(who, { order: 'asc' });
      expect(data.map((a) => a.actionType)).toEqual([
        'organization.add',
        'document.add',
        'access.grant_add',
        'comment_annotation.add',
      ]);
      const [organization, document, grant, annotation] = data;
      expect(organization).toMatchObject({
        featureType: 'organization',
        actionUser: null,
        targetEntityId: 'acme',
        entityData: { organizationId: 'acme', organizationName: 'Acme', metadata: {} },
        metadata: { apiKey: who.apiKey, organizationId: 'acme' },
      });
      expect(organization.metadata).not.toHaveProperty('documentId');
      expect(document).toMatchObject({
        featureType: 'document',
        targetEntityId: 'plan',
        entityData: { documentId: 'plan', documentName: 'Plan' },
        metadata: { documentId: 'plan', documentName: 'Plan' },
      });
      expect(grant).toMatchObject({
        featureType: 'access',
        targetEntityId: 'plan',
        targetSubEntityId: 'u1',
        changes: { accessRole: { from: null, to: 'editor' } },
        entityData: { type: 'document', id: 'plan', organizationId: 'acme' },
      });
      expect(annotation).toMatchObject({
        featureType: 'comment',
        actionUser: { userId: 'u1', name: 'Ann' },
        targetEntityId: 'a1',
        changes: { commentText: { from: null, to: 'hello' } },
        metadata: { documentId: 'plan', documentName: 'Plan' },
      });
      for (const activity of data) expect(activity.timestamp).toBeLessThanOrEqual(Date.now());

      // A comment on the thread: the actor is its author, the sub-entity the comment.
      await call(who, '/v2/commentannotations/comments/add', {
        organizationId: 'acme',
        documentId: 'plan',
        annotationId: 'a1',
        commentData: [{ commentText: 'again', from: { userId: 'u1' }, triggerNotification: true }],
      });
      const added = await activities(who, { actionTypes: ['comment.add'], userId: 'u1' });
      expect(added.data).toHaveLength(1);
      expect(added.data[0]).toMatchObject({
        targetEntityId: 'a1',
        targetSubEntityId: '2',
        changes: { commentText: { from: null, to: 'again' } },
      });

      // Updates carry from/to; writes that change nothing record nothing.
      await call(who, '/v2/organizations/update', {
        organizations: [{ organizationId: 'acme', organizationName: 'Acme Inc' }],
      });
      await call(who, '/v2/organizations/update', {
        organizations: [{ organizationId: 'acme', organizationName: 'Acme Inc' }],
      });
      await call(who, '/v2/users/add', {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: 'u1', accessRole: 'viewer' }],
      });
      await call(who, '/v2/users/add', {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: 'u1', accessRole: 'viewer' }],
      });
      await call(who, '/v2/users/delete', { organizationId: 'acme', documentId: 'plan', userIds: ['u1'] });
      const changes = await activities(who, {
        actionTypes: ['organization.update', 'access.grant_add', 'access.grant_remove'],
        order: 'asc',
      });
      expect(changes.data.map((a) => [a.actionType, a.changes])).toEqual([
        ['access.grant_add', { accessRole: { from: null, to: 'editor' } }],
        ['organization.update', { organizationName: { from: 'Acme', to: 'Acme Inc' } }],
        ['access.grant_add', { accessRole: { from: 'editor', to: 'viewer' } }],
        ['access.grant_remove', { accessRole: { from: 'viewer', to: null } }],
      ]);

      // A folder move is a document update; a delete keeps the activity log of what was deleted.
      await call(who, '/v2/organizations/folders/add', { organizationId: 'acme', folders: [{ folderId: 'f1' }] });
      await call(who, '/v2/organizations/documents/move', {
        organizationId: 'acme',
        documentIds: ['plan'],
        folderId: 'f1',
      });
      await call(who, '/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['plan'] });
      const planned = await activities(who, { documentId: 'plan', featureTypes: ['document'] });
      expect(planned.data.map((a) => [a.actionType, a.changes ?? null])).toEqual([
        ['document.delete', null],
        ['document.update', { folderId: { from: null, to: 'f1' } }],
        ['document.add', null],
      ]);
    },
    LONG,
  );

  it(
    "a document migration moves the document's activities to its new id and records itself there",
    async () => {
      const who = await tenant();
      await call(who, '/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] });
      await call(who, '/v2/organizations/documents/add', {
        organizationId: 'acme',
        documents: [{ documentId: 'old' }],
      });
      await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'old',
        activities: [
          { id: 'mine', featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' }, targetEntityId: 't' },
        ],
      });
      const as = <T = unknown>(path: string, data: unknown) => call<T>(who, path, data);
      const migrationId = await startMigration(as, 'acme', 'old', 'new');
      expect(await settled(as, 'acme', migrationId)).toEqual({ migrationId, status: 'completed' });
      expect((await activities(who, { documentId: 'old' })).data).toEqual([]);
      const moved = await activities(who, { documentId: 'new' });
      expect(moved.data.map((a) => a.actionType)).toEqual(['document.migrated', 'x', 'document.add']);
      expect(moved.data[0]).toMatchObject({
        targetEntityId: 'old',
        changes: { documentId: { from: 'old', to: 'new' } },
        entityData: { migrationId },
      });
    },
    LONG,
  );

  it(
    'a source or a trigger switched off stops recording it; others go on',
    async () => {
      const who = await tenant({ triggers: { organization: false, document: { 'document.delete': false } } });
      await call(who, '/v2/organizations/add', { organizations: [{ organizationId: 'acme' }] });
      await call(who, '/v2/organizations/documents/add', { organizationId: 'acme', documents: [{ documentId: 'd1' }] });
      await call(who, '/v2/organizations/documents/delete', { organizationId: 'acme', documentIds: ['d1'] });
      expect((await activities(who, {})).data.map((a) => a.actionType)).toEqual(['document.add']);

      await configure(who, { triggers: { organization: true } });
      await call(who, '/v2/organizations/update', {
        organizations: [{ organizationId: 'acme', organizationName: 'Renamed' }],
      });
      await configure(who, { isEnabled: false });
      await call(who, '/v2/organizations/update', {
        organizations: [{ organizationId: 'acme', organizationName: 'Again' }],
      });
      expect((await activities(who, {})).data.map((a) => a.actionType)).toEqual([
        'organization.update',
        'document.add',
      ]);
    },
    LONG,
  );

  it(
    'custom activities: add (idempotent by id), update, delete by filters; immutable ones refuse both',
    async () => {
      const who = await tenant();
      const custom = (id: string, extra: Record<string, unknown> = {}) => ({
        id,
        featureType: 'custom',
        actionType: 'deployed',
        actionUser: { userId: 'u1', name: 'Ann' },
        targetEntityId: 'release-1',
        displayMessageTemplate: '{{user}} deployed',
        ...extra,
      });
      const added = await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [custom('c1'), custom('c2', { targetEntityId: 'release-2' })],
      });
      expect(added.body).toEqual({
        result: {
          status: 'success',
          message: 'Activity(s) added successfully.',
          data: { success: true, message: 'Activity(s) added successfully.' },
        },
      });
      // The same id again overwrites it.
      await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [custom('c1', { displayMessageTemplate: 'v2' })],
      });
      const read = await activities(who, { activityIds: ['c1', 'c2'], order: 'asc' });
      // The overwrite is the newer write: c1 now sorts after c2.
      expect(read.data.map((a) => [a.id, a.displayMessageTemplate])).toEqual([
        ['c2', '{{user}} deployed'],
        ['c1', 'v2'],
      ]);
      expect(read.data.find((a) => a.id === 'c1')).toMatchObject({
        featureType: 'custom',
        actionUser: { userId: 'u1', name: 'Ann' },
        metadata: { apiKey: who.apiKey, organizationId: 'acme', documentId: 'd1' },
      });

      const noTarget = await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [{ featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' } }],
      });
      expect(noTarget.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'data.activities[0].targetEntityId is required when featureType is custom.',
      });

      const updated = await call(who, '/v2/activities/update', {
        organizationId: 'acme',
        activities: [
          { id: 'c1', actionIcon: 'rocket', changes: { version: { from: '1', to: '2' } } },
          { id: 'nope', actionIcon: 'x' },
        ],
      });
      expect(updated.body.result.data).toEqual({
        c1: { success: true, id: 'c1', message: 'Activity updated.' },
        nope: { success: false, id: 'nope', message: 'Failed to update activity.' },
      });
      expect((await activities(who, { activityIds: ['c1'] })).data[0]).toMatchObject({
        actionIcon: 'rocket',
        changes: { version: { from: '1', to: '2' } },
        displayMessageTemplate: 'v2',
      });

      const noFilter = await call(who, '/v2/activities/delete', { organizationId: 'acme' });
      expect(noFilter.status).toBe(400);
      const deleted = await call(who, '/v2/activities/delete', { organizationId: 'acme', targetEntityId: 'release-2' });
      expect(deleted.body.result.data).toEqual({ c2: { success: true, id: 'c2', message: 'Activity deleted.' } });

      await configure(who, { immutable: true });
      await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [custom('locked')],
      });
      const refusedUpdate = await call(who, '/v2/activities/update', {
        organizationId: 'acme',
        activities: [{ id: 'locked', actionIcon: 'x' }],
      });
      expect(refusedUpdate.body.result.data).toEqual({
        locked: { success: false, id: 'locked', message: 'Activity is immutable.' },
      });
      const refusedOverwrite = await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [custom('locked')],
      });
      expect(refusedOverwrite.body.error.status).toBe('FAILED_PRECONDITION');
      const refusedDelete = await call(who, '/v2/activities/delete', { organizationId: 'acme', documentId: 'd1' });
      expect(refusedDelete.body.result.data).toEqual({ c1: { success: true, id: 'c1', message: 'Activity deleted.' } });
      expect((await activities(who, { documentId: 'd1' })).data.map((a) => [a.id, a.immutable])).toEqual([
        ['locked', true],
      ]);
    },
    LONG,
  );

  it(
    'pages with the keyset pager in both orders and filters by time, feature and target',
    async () => {
      const who = await tenant();
      const ids = Array.from({ length: 7 }, (_, i) => `p${i}`);
      for (const id of ids) {
        await call(who, '/v2/activities/add', {
          organizationId: 'acme',
          documentId: 'd1',
          activities: [
            {
              id,
              featureType: id === 'p3' ? 'comment' : 'custom',
              actionType: 'step',
              actionUser: { userId: id === 'p6' ? 'u2' : 'u1' },
              targetEntityId: `t${Number(id.slice(1)) % 2}`,
            },
          ],
        });
      }
      const collect = async (filters: Record<string, unknown>) => {
        const seen: string[] = [];
        let pageToken: string | undefined;
        do {
          const page = await activities(who, { ...filters, pageSize: 3, ...(pageToken ? { pageToken } : {}) });
          expect(page.data.length).toBeLessThanOrEqual(3);
          seen.push(...page.data.map((a) => a.id));
          pageToken = page.pageToken;
        } while (pageToken);
        return seen;
      };
      const ascending = await collect({ order: 'asc' });
      expect([...ascending].sort()).toEqual(ids);
      const timestamps = new Map((await activities(who, { order: 'asc' })).data.map((a) => [a.id, a.timestamp]));
      const byTime = (x: string, y: string) => timestamps.get(x)! - timestamps.get(y)! || (x < y ? -1 : 1);
      expect(ascending).toEqual([...ids].sort(byTime));
      expect(await collect({})).toEqual([...ascending].reverse());

      expect(await collect({ featureTypes: ['comment'] })).toEqual(['p3']);
      expect(await collect({ userId: 'u2' })).toEqual(['p6']);
      expect((await collect({ targetEntityId: 't1', order: 'asc' })).sort()).toEqual(['p1', 'p3', 'p5']);
      const middle = timestamps.get(ascending[3])!;
      const later = await collect({ startTime: middle, order: 'asc' });
      expect(later.every((id) => timestamps.get(id)! >= middle)).toBe(true);
      expect(later).toContain(ascending[3]);
      const earlier = await collect({ endTime: middle - 1 });
      expect(earlier.every((id) => timestamps.get(id)! < middle)).toBe(true);

      const first = await activities(who, { pageSize: 2 });
      const otherFilters = await call(who, '/v2/activities/get', {
        organizationId: 'acme',
        userId: 'u1',
        pageToken: first.pageToken,
      });
      expect(otherFilters.status).toBe(400);
      const other = await activities(who, { organizationId: 'elsewhere' });
      expect(other.data).toEqual([]);
    },
    LONG,
  );

  it(
    'retention: expired activities are not returned, and the worker job deletes them',
    async () => {
      const who = await tenant();
      await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [
          { id: 'old', featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' }, targetEntityId: 't' },
        ],
      });
      const keeper = await tenant();
      await call(keeper, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [
          { id: 'kept', featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' }, targetEntityId: 't' },
        ],
      });
      const stored = (apiKey: string) =>
        world.query<{ id: string }>('SELECT id FROM activity WHERE api_key_id = $1', [apiKey]);
      expect(await stored(who.apiKey)).toEqual([{ id: 'old' }]);

      // Two seconds, in days.
      await configure(who, { retentionDays: 2 / 86_400 });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await call(who, '/v2/activities/add', {
        organizationId: 'acme',
        documentId: 'd1',
        activities: [
          { id: 'fresh', featureType: 'custom', actionType: 'x', actionUser: { userId: 'u1' }, targetEntityId: 't' },
        ],
      });
      expect((await activities(who, {})).data.map((a) => a.id)).toEqual(['fresh']);
      await eventually(async () => expect(await stored(who.apiKey)).toEqual([{ id: 'fresh' }]), { timeoutMs: 20_000 });
      // Another API key without retention keeps everything.
      expect(await stored(keeper.apiKey)).toEqual([{ id: 'kept' }]);
      expect((await activities(keeper, {})).data.map((a) => a.id)).toEqual(['kept']);
    },
    LONG,
  );
});
