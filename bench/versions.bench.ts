import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { Editor, openEditor } from '../test/support/collab-client';
import { apiKeyHeaders, createWorkspace, Credentials, post } from '../test/support/http-client';
import { RunningApi, startApi } from '../test/support/processes';
import { userToken } from '../test/support/realtime-client';
import { seedDocument } from '../test/support/seed';
import { createTestEnvironment, TestEnvironment } from '../test/support/test-environment';
import { fixed, report } from './report';
import { runBench } from './support/run-bench';

/**
 * Issue 27: version history on two API instances. (a) Storage: EDITS one-character edits by two
 * editors (real @hocuspocus/provider clients, one per instance) with VERSIONS named versions saved
 * along the way; the history and version rows against the compacted state alone. (b) A DOC_BYTES text
 * document written in CHUNKS updates by two users (with deletions), a version at half and at the end:
 * time to get the last version's content and to diff the two, SAMPLES requests each. (c) Restore: two
 * editors on different instances, restores alternating between two versions, timed from the request
 * until both editors hold the restored content.
 */
const EDITS = Number(process.env.BENCH_VERSIONS_EDITS ?? 10_000);
const VERSIONS = Number(process.env.BENCH_VERSIONS_COUNT ?? 10);
const DOC_BYTES = Number(process.env.BENCH_VERSIONS_DOC_BYTES ?? 1024 * 1024);
const CHUNKS = Number(process.env.BENCH_VERSIONS_CHUNKS ?? 256);
const SAMPLES = Number(process.env.BENCH_VERSIONS_SAMPLES ?? 20);
/** Far above what the bench sends, so the typing editors are not closed by the per-connection limit. */
const LIMITS = { COLLAB_MAX_UPDATES_PER_SECOND: '100000', COLLAB_COMPACT_DEBOUNCE_MS: '500' };
const ACK_EVERY = 50;

interface Setup {
  world: TestEnvironment;
  apis: [RunningApi, RunningApi];
  owner: Credentials;
}

async function call<T>({ apis, owner }: Setup, path: string, data: unknown, api = 0): Promise<T> {
  const response = await post<T>(apis[api].url, path, data, apiKeyHeaders(owner));
  if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
  return response.body.result.data;
}

const editorRef = (documentId: string) => ({ organizationId: 'org', documentId, editorId: 'body' });
const saveVersion = async (setup: Setup, documentId: string, versionName: string) =>
  (await call<{ versionId: string }>(setup, '/v2/crdt/versions/save', { ...editorRef(documentId), versionName }))
    .versionId;

async function openPair(setup: Setup, documentId: string): Promise<[Editor, Editor]> {
  const name = `org/${documentId}/body`;
  return [
    await openEditor(setup.apis[0].url, await userToken(setup.apis[0].url, setup.owner, 'ann'), name),
    await openEditor(setup.apis[1].url, await userToken(setup.apis[1].url, setup.owner, 'bob'), name),
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/** (a) Bytes of the history and version rows after EDITS small edits, against the compacted state alone. */
async function storage(setup: Setup) {
  const editors = await openPair(setup, 'edits');
  const every = Math.max(1, Math.floor(EDITS / VERSIONS));
  for (let i = 0; i < EDITS; i++) {
    // Runs of 100 edits per editor, each at the end of the text as it knows it.
    const editor = editors[Math.floor(i / 100) % 2];
    editor.text().insert(editor.text().length, String.fromCharCode(97 + (i % 26)));
    if (i % ACK_EVERY === ACK_EVERY - 1) await editor.acknowledged(30_000);
    if (i % every === every - 1) {
      await Promise.all(editors.map((e) => e.acknowledged(30_000)));
      await saveVersion(setup, 'edits', `after ${i + 1} edits`);
    }
  }
  for (const editor of editors) editor.destroy();
  const [row] = await setup.world.query<{
    history: string;
    historyRows: string;
    versions: string;
    versionRows: string;
    state: string;
  }>(
    `SELECT (SELECT sum(pg_column_size(h.*)) FROM crdt_history h WHERE api_key_id = $1 AND document_id = 'edits') AS history,
            (SELECT count(*) FROM crdt_history WHERE api_key_id = $1 AND document_id = 'edits') AS "historyRows",
            (SELECT sum(pg_column_size(v.*)) FROM crdt_version v WHERE api_key_id = $1 AND document_id = 'edits') AS versions,
            (SELECT count(*) FROM crdt_version WHERE api_key_id = $1 AND document_id = 'edits') AS "versionRows",
            (SELECT octet_length(state) FROM crdt_editor WHERE api_key_id = $1 AND document_id = 'edits') AS state`,
    [setup.owner.apiKey],
  );
  return {
    history: Number(row.history),
    historyRows: Number(row.historyRows),
    versions: Number(row.versions),
    versionRows: Number(row.versionRows),
    state: Number(row.state),
  };
}

/** (b) A DOC_BYTES document's updates, logged as two users' edits, with a version at half and at the end. */
async function largeDocument(setup: Setup) {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  const chunk = Math.ceil(DOC_BYTES / CHUNKS);
  for (let i = 0; i < CHUNKS; i++) {
    const text = doc.getText('content');
    if (i % 8 === 7) text.delete(Math.floor(text.length / 2), Math.floor(chunk / 4));
    else text.insert(text.length, String.fromCharCode(97 + (i % 26)).repeat(chunk));
  }
  const log = async (from: number, to: number) =>
    setup.world.query(
      `INSERT INTO crdt_update (api_key_id, organization_id, document_id, editor_id, data, user_id)
       SELECT $1, 'org', 'large', 'body', u.data, u.user_id FROM unnest($2::bytea[], $3::text[]) WITH ORDINALITY AS u(data, user_id, n) ORDER BY u.n`,
      [
        setup.owner.apiKey,
        updates.slice(from, to).map((u) => Buffer.from(u)),
        updates.slice(from, to).map((_, i) => ((from + i) % 2 === 0 ? 'ann' : 'bob')),
      ],
    );
  const half = Math.floor(updates.length / 2);
  await log(0, half);
  const first = await saveVersion(setup, 'large', 'half');
  await log(half, updates.length);
  const last = await saveVersion(setup, 'large', 'whole');
  const timed = async (path: string, data: unknown) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const result = await call<unknown>(setup, path, data, i % 2);
      times.push(performance.now() - started);
      bytes = JSON.stringify(result).length;
    }
    return { ms: median(times), bytes };
  };
  const content = doc.getText('content').length;
  return {
    content,
    get: await timed('/v2/crdt/versions/get', { ...editorRef('large'), versionId: last }),
    diff: await timed('/v2/crdt/versions/diff', { ...editorRef('large'), fromVersionId: first, toVersionId: last }),
  };
}

function holds(editor: Editor, expected: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (editor.content() !== expected) return;
      editor.doc.off('update', check);
      resolve();
    };
    editor.doc.on('update', check);
    check();
  });
}

/** (c) Restores alternating between two versions, each timed until both editors (one per instance) converge. */
async function restores(setup: Setup) {
  const [ann, bob] = await openPair(setup, 'restore');
  ann.text().insert(0, 'the first version');
  await ann.acknowledged();
  const first = await saveVersion(setup, 'restore', 'first');
  bob.text().insert(0, 'a second, longer version replacing ');
  await bob.acknowledged();
  await holds(ann, bob.content());
  const second = await saveVersion(setup, 'restore', 'second');
  const contents = { [first]: 'the first version', [second]: bob.content() };
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const versionId = i % 2 === 0 ? first : second;
    const started = performance.now();
    const converged = Promise.all([holds(ann, contents[versionId]), holds(bob, contents[versionId])]);
    await call(setup, '/v2/crdt/versions/restore', { ...editorRef('restore'), versionId, userId: 'ann' }, i % 2);
    await converged;
    times.push(performance.now() - started);
  }
  ann.destroy();
  bob.destroy();
  return { median: median(times), max: Math.max(...times) };
}

async function main(): Promise<void> {
  const world = await createTestEnvironment();
  const apis: [RunningApi, RunningApi] = [await startApi(world.env, LIMITS), await startApi(world.env, LIMITS)];
  try {
    const owner = await createWorkspace(apis[0].url);
    const setup: Setup = { world, apis, owner };
    for (const documentId of ['edits', 'large', 'restore']) {
      await seedDocument(world, owner.apiKey, 'org', documentId, { accessType: 'restricted' });
      for (const userId of ['ann', 'bob']) {
        await call(setup, '/v2/auth/permissions/add', {
          userId,
          permissions: {
            resources: [{ type: 'document', id: documentId, organizationId: 'org', accessRole: 'editor' }],
          },
        });
      }
    }
    // Only the versions the bench saves.
    await call(setup, '/v2/crdt/versions/config/update', { automaticMinutes: 0 });

    console.log(`storage: ${EDITS} edits, ${VERSIONS} versions`);
    const stored = await storage(setup);
    console.log(`large document: ${DOC_BYTES} bytes in ${CHUNKS} updates`);
    const large = await largeDocument(setup);
    console.log(`restore: ${SAMPLES} restores`);
    const restored = await restores(setup);

    const kept = stored.history + stored.versions;
    report(
      'versions',
      `2 API instances; storage after ${EDITS} one-character edits by 2 editors with ${VERSIONS} named versions; a ${fixed(large.content / 1024 / 1024, 2)} MB text in ${CHUNKS} updates (every 8th a deletion) with versions at half and end, ${SAMPLES} requests each alternating instances, medians; ${SAMPLES} restores alternating two versions, until editors on both instances converge`,
      [
        {
          measurement: `history + version rows after ${EDITS} edits (bytes)`,
          value: String(kept),
          baseline: `compacted state alone ${stored.state} bytes; ${stored.historyRows} history rows (${stored.history} bytes), ${stored.versionRows} version rows (${stored.versions} bytes)`,
          ratio: kept / stored.state,
        },
        {
          measurement: 'bytes per version (history and version rows / versions)',
          value: fixed(kept / stored.versionRows, 0),
          baseline: `a copy of the state per version: ${stored.state} bytes`,
        },
        {
          measurement: `get the last version of a ${fixed(large.content / 1024 / 1024, 2)} MB text (ms)`,
          value: fixed(large.get.ms),
          baseline: `${large.get.bytes} bytes answered`,
        },
        {
          measurement: 'diff the two versions of it (ms)',
          value: fixed(large.diff.ms),
          baseline: `${large.diff.bytes} bytes answered`,
        },
        {
          measurement: 'restore until both editors converge, median (ms)',
          value: fixed(restored.median),
          baseline: `max ${fixed(restored.max)} ms`,
        },
      ],
    );
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await world.dispose();
  }
}

runBench(main);
