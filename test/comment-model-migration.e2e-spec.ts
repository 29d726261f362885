import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, startApi } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { seedEditors } from './support/seed';

const VELT_COMMENT_MODEL = 'VeltCommentModel1795400000000';

const run = promisify(execFile);

interface OldComment {
  id: string;
  text: string;
  from: { userId: string; name?: string };
  tags: Array<{ userId: string; name?: string; email?: string }>;
}

interface OldAnnotation {
  id: string;
  status: 'open' | 'in_progress' | 'resolved';
  priority: 'low' | 'medium' | 'high' | 'urgent' | null;
  comments: OldComment[];
}

interface CommentView {
  commentId: number;
  commentText: string;
  from: { userId: string };
  createdAt: number;
  taggedUserContacts: unknown[];
  to: unknown[];
  reactionAnnotations: Array<{ icon: string; fromUsers: Array<{ from: { userId: string } }> }>;
}

interface AnnotationView {
  annotationId: string;
  status: unknown;
  priority?: unknown;
  from?: unknown;
  mentionedUserIds: string[];
  comments: CommentView[];
}

const ann = { userId: 'u1', name: 'Ann' };
const bo = { userId: 'u2', name: 'Bo', email: 'bo@example.com' };
const cy = { userId: 'u3' };

// Old ids sort differently from creation order; 'a-two' holds numeric-looking ids whose numbers swap.
const OLD: OldAnnotation[] = [
  {
    id: 'a-one',
    status: 'open',
    priority: 'urgent',
    comments: [
      { id: 'c-b', text: 'First, by Ann', from: ann, tags: [bo] },
      { id: 'c-a', text: 'Second, by Bo', from: bo, tags: [] },
      { id: 'c-c', text: 'Third, by Ann', from: ann, tags: [bo, cy] },
    ],
  },
  {
    id: 'a-two',
    status: 'in_progress',
    priority: 'high',
    comments: [
      { id: '2', text: 'Was two', from: cy, tags: [] },
      { id: '1', text: 'Was one', from: ann, tags: [cy] },
      { id: '10', text: 'Was ten', from: bo, tags: [] },
    ],
  },
  {
    id: 'a-three',
    status: 'resolved',
    priority: 'medium',
    comments: [{ id: 'only', text: 'Done', from: ann, tags: [] }],
  },
  { id: 'a-four', status: 'open', priority: 'low', comments: [{ id: 'z', text: 'Low one', from: bo, tags: [] }] },
  { id: 'a-five', status: 'open', priority: null, comments: [] },
];

// [annotation, old comment id, user, icon]
const OLD_REACTIONS: Array<[string, string, { userId: string }, string]> = [
  ['a-one', 'c-a', ann, '👍'],
  ['a-one', 'c-a', cy, '👍'],
  ['a-one', 'c-c', bo, '🎉'],
  ['a-two', '2', ann, '👍'],
  ['a-two', '2', cy, '❤️'],
  ['a-two', '1', ann, '👍'],
];

// The objects the migration documents for each old enum value.
const STATUS = {
  open: { id: 'OPEN', name: 'Open', type: 'default', color: '#625DF5', lightColor: '#E7E8FA' },
  in_progress: { id: 'IN_PROGRESS', name: 'In Progress', type: 'ongoing', color: '#FFCD2E', lightColor: '#FFFBEE' },
  resolved: { id: 'RESOLVED', name: 'Resolved', type: 'terminal', color: '#198F65', lightColor: '#EDF6F3' },
};
const PRIORITY = {
  urgent: { id: 'urgent', name: 'Urgent', color: '#FF7162', lightColor: '#FFF4F2' },
  high: { id: 'high', name: 'High', color: '#FF7162', lightColor: '#FFF4F2' },
  medium: { id: 'medium', name: 'Medium', color: '#FFCD2E', lightColor: '#FFFBEE' },
  low: { id: 'low', name: 'Low', color: '#625DF5', lightColor: '#F2F2FE' },
};

const T0 = Date.UTC(2026, 0, 1);
const at = (minute: number) => T0 + minute * 60_000;

/** A comment as the assertions compare it: its content, tags and reactions (icon: user ids). */
function summary(comment: CommentView) {
  return {
    id: comment.commentId,
    text: comment.commentText,
    from: comment.from.userId,
    createdAt: comment.createdAt,
    tagged: comment.taggedUserContacts,
    reactions: Object.fromEntries(
      comment.reactionAnnotations.map((r) => [r.icon, r.fromUsers.map((u) => u.from.userId)]),
    ),
  };
}

describe('VeltCommentModel migration of existing comments', () => {
  let world: TestEnvironment;
  let api: RunningApi | undefined;
  let owner: Credentials;
  const doc = { organizationId: 'org-1', documentId: 'doc-1' };
  const call = <T = unknown>(path: string, data: unknown) => post<T>(api!.url, path, data, apiKeyHeaders(owner));
  const typeorm = (command: 'migration:run') =>
    run(process.execPath, ['node_modules/typeorm/cli.js', command, '-d', 'dist/apps/schema/src/data-source.js'], {
      env: { ...process.env, ...world.env },
    });
  const executed = async () =>
    (await world.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY timestamp')).map(
      (row) => row.name,
    );
  /**
   * Reverts the newest migrations, one by one, until VeltCommentModel itself is undone: what
   * `migration:revert` does, in one process (a CLI run per migration cost seconds each).
   */
  const revertThroughVeltCommentModel = () =>
    run(
      process.execPath,
      [
        '-e',
        `const dataSource = require('./dist/apps/schema/src/data-source.js').default;
        const executed = async () => (await dataSource.query('SELECT name FROM schema_migration')).map((row) => row.name);
        (async () => {
          await dataSource.initialize();
          while ((await executed()).includes(process.argv[1])) await dataSource.undoLastMigration();
          await dataSource.destroy();
        })();`,
        VELT_COMMENT_MODEL,
      ],
      { env: { ...process.env, ...world.env } },
    );
  const annotations = async () => {
    const response = await call<AnnotationView[]>('/v2/commentannotations/get', {
      ...doc,
      annotationIds: OLD.map((a) => a.id),
    });
    expect([response.status, response.body.error]).toEqual([200, undefined]);
    return response.body.result.data.sort((a, b) => a.annotationId.localeCompare(b.annotationId));
  };
  const commentsOf = async (annotationId: string) =>
    (await annotations()).find((a) => a.annotationId === annotationId)!.comments.map(summary);
  const schema = async () => ({
    columns: await world.query(
      `SELECT table_name, column_name, data_type, collation_name, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
    ),
    constraints: await world.query(
      `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await world.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
    ),
  });
  let freshSchema: Awaited<ReturnType<typeof schema>>;

  beforeAll(async () => {
    world = await createTestEnvironment();
    freshSchema = await schema();
    // The workspace, organization, document and members come through the API, on the current schema.
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
    await call('/v2/organizations/add', { organizations: [{ organizationId: doc.organizationId }] });
    await call('/v2/organizations/documents/add', {
      organizationId: doc.organizationId,
      documents: [{ documentId: doc.documentId }],
    });
    await seedEditors(api.url, owner, doc.organizationId, ['u1', 'u2', 'u3']);
    await api.stop();
    api = undefined;

    // Back to the schema before VeltCommentModel (and any migration after it).
    expect(await executed()).toContain(VELT_COMMENT_MODEL);
    await revertThroughVeltCommentModel();
    expect((await executed()).length).toBeGreaterThan(0);

    // Old-style rows: one insert per comment, in creation order (seq) with explicit timestamps.
    const key = [owner.apiKey, doc.organizationId, doc.documentId];
    let minute = 0;
    for (const annotation of OLD) {
      await world.query(
        `INSERT INTO comment_annotation (api_key_id, organization_id, document_id, id, status, priority, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [...key, annotation.id, annotation.status, annotation.priority, ann, new Date(at(minute++))],
      );
    }
    for (const annotation of OLD.slice().reverse()) {
      for (const comment of annotation.comments) {
        await world.query(
          `INSERT INTO comment (api_key_id, organization_id, document_id, annotation_id, id, text, from_user, to_contacts_tagged, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
          [
            ...key,
            annotation.id,
            comment.id,
            comment.text,
            comment.from,
            JSON.stringify(comment.tags),
            new Date(at(minute++)),
          ],
        );
      }
    }
    for (const [annotationId, commentId, user, icon] of OLD_REACTIONS) {
      await world.query(
        `INSERT INTO comment_reaction (api_key_id, organization_id, document_id, annotation_id, comment_id, user_id, icon, "user", created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [...key, annotationId, commentId, user.userId, icon, user, new Date(at(minute++))],
      );
    }

    await typeorm('migration:run');
    api = await startApi(world.env);
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('keeps every comment and reaction', async () => {
    const [comments] = await world.query<{ n: string }>('SELECT count(*) AS n FROM comment');
    const [reactions] = await world.query<{ n: string }>('SELECT count(*) AS n FROM comment_reaction');
    expect([Number(comments.n), Number(reactions.n)]).toEqual([
      OLD.flatMap((a) => a.comments).length,
      OLD_REACTIONS.length,
    ]);
  });

  it('numbers comments 1..n per annotation in creation order, with their text, author, time, tags and reactions', async () => {
    // Comments were inserted annotation by annotation from 'a-five' back to 'a-one', after the five annotations.
    expect(await commentsOf('a-one')).toEqual([
      {
        id: 1,
        text: 'First, by Ann',
        from: 'u1',
        createdAt: at(10),
        tagged: [{ userId: 'u2', contact: bo }],
        reactions: {},
      },
      { id: 2, text: 'Second, by Bo', from: 'u2', createdAt: at(11), tagged: [], reactions: { '👍': ['u1', 'u3'] } },
      {
        id: 3,
        text: 'Third, by Ann',
        from: 'u1',
        createdAt: at(12),
        tagged: [
          { userId: 'u2', contact: bo },
          { userId: 'u3', contact: cy },
        ],
        reactions: { '🎉': ['u2'] },
      },
    ]);
    expect(await commentsOf('a-two')).toEqual([
      { id: 1, text: 'Was two', from: 'u3', createdAt: at(7), tagged: [], reactions: { '👍': ['u1'], '❤️': ['u3'] } },
      {
        id: 2,
        text: 'Was one',
        from: 'u1',
        createdAt: at(8),
        tagged: [{ userId: 'u3', contact: cy }],
        reactions: { '👍': ['u1'] },
      },
      { id: 3, text: 'Was ten', from: 'u2', createdAt: at(9), tagged: [], reactions: {} },
    ]);
    expect(await commentsOf('a-three')).toEqual([
      { id: 1, text: 'Done', from: 'u1', createdAt: at(6), tagged: [], reactions: {} },
    ]);
    expect(await commentsOf('a-four')).toEqual([
      { id: 1, text: 'Low one', from: 'u2', createdAt: at(5), tagged: [], reactions: {} },
    ]);
    expect(await commentsOf('a-five')).toEqual([]);
    const all = await annotations();
    expect(all.map((a) => a.from)).toEqual(OLD.map(() => ann));
    expect(all.find((a) => a.annotationId === 'a-one')!.mentionedUserIds).toEqual(['u2', 'u3']);
  });

  it('maps each old status and priority to its documented object', async () => {
    const got = Object.fromEntries((await annotations()).map((a) => [a.annotationId, [a.status, a.priority]]));
    expect(got).toEqual({
      'a-one': [STATUS.open, PRIORITY.urgent],
      'a-two': [STATUS.in_progress, PRIORITY.high],
      'a-three': [STATUS.resolved, PRIORITY.medium],
      'a-four': [STATUS.open, PRIORITY.low],
      'a-five': [STATUS.open, undefined],
    });
  });

  it("sets each annotation's next comment id past its largest: a new comment gets n + 1", async () => {
    const counters = await world.query('SELECT id, next_comment_id::int AS next FROM comment_annotation ORDER BY id');
    expect(counters).toEqual([
      { id: 'a-five', next: 1 },
      { id: 'a-four', next: 2 },
      { id: 'a-one', next: 4 },
      { id: 'a-three', next: 2 },
      { id: 'a-two', next: 4 },
    ]);
    for (const [annotationId, expected] of [
      ['a-one', 4],
      ['a-two', 4],
      ['a-five', 1],
    ] as const) {
      const added = await call('/v2/commentannotations/comments/add', {
        ...doc,
        annotationId,
        commentData: [{ commentText: 'After', from: { userId: 'u1' } }],
      });
      expect([added.status, added.body.result?.data]).toEqual([200, [expected]]);
    }
    expect((await commentsOf('a-one')).map((c) => [c.id, c.text])).toEqual([
      [1, 'First, by Ann'],
      [2, 'Second, by Bo'],
      [3, 'Third, by Ann'],
      [4, 'After'],
    ]);
  });

  it('reverts to the old model and runs again cleanly: same schema, same comments, same counters', async () => {
    const before = await annotations();
    await api!.stop();
    api = undefined;

    await revertThroughVeltCommentModel();
    const statuses = await world.query('SELECT id, status, priority FROM comment_annotation ORDER BY id');
    expect(statuses).toEqual(
      OLD.map((a) => ({ id: a.id, status: a.status, priority: a.priority })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    const tags = await world.query(
      `SELECT id, to_contacts_tagged AS tags FROM comment WHERE annotation_id = 'a-one' ORDER BY seq`,
    );
    expect(tags).toEqual([
      { id: '1', tags: [bo] },
      { id: '2', tags: [] },
      { id: '3', tags: [bo, cy] },
      { id: '4', tags: [] },
    ]);

    await typeorm('migration:run');
    expect(await executed()).toContain(VELT_COMMENT_MODEL);
    expect(await schema()).toEqual(freshSchema);
    const { stdout } = await run(
      process.execPath,
      ['node_modules/typeorm/cli.js', 'schema:log', '-d', 'dist/apps/schema/src/data-source.js'],
      {
        env: { ...process.env, ...world.env },
      },
    );
    expect(stdout).toContain('Your schema is up to date');

    api = await startApi(world.env);
    expect(await annotations()).toEqual(before);
    const added = await call('/v2/commentannotations/comments/add', {
      ...doc,
      annotationId: 'a-one',
      commentData: [{ commentText: 'Again', from: { userId: 'u1' } }],
    });
    expect(added.body.result?.data).toEqual([5]);
  }, 120_000);
});
