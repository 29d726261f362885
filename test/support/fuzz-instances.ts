import { Socket } from 'socket.io-client';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './processes';
import { connect, Handshake, nextBroadcasts, nextEvent, nextPresence, request, userToken } from './realtime-client';
import { seedDocument, seedEditors } from './seed';
import { createTestEnvironment, TestEnvironment } from './test-environment';

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

export interface FuzzInstancesOptions {
  /** Documents seeded, with the same ids, in both tenants: the attacker's targets and the control's twins. */
  documents: DocumentRef[];
  /** Users made editors of every document's organization, in both tenants. */
  editors: string[];
  /** Extra environment for both API instances and the worker. */
  env?: Record<string, string>;
}

/** The control tenant's pair of sockets on one document: `actor` on instance A, `watcher` on instance B. */
interface ControlPair {
  doc: DocumentRef;
  actor: Socket;
  watcher: Socket;
  /** Set when either socket drops: a control client must stay connected through every batch. */
  dropped: string[];
}

/**
 * Two API instances and a worker on one database, with two tenants (API keys of two workspaces) that
 * hold the same organization and document ids: `attacker`, whose end users send hostile input, and
 * `control`, whose clients on the twin documents must notice nothing. After each batch of attacks
 * `checkBatch` asserts that both instances answer /health, that `realtime_handler_errors_total` did not
 * move, that the control clients still get their pushes across instances, and that every attacked
 * document still reads back over REST.
 */
export class FuzzInstances {
  private readonly controls: ControlPair[] = [];
  private readonly sockets: Socket[] = [];
  private nonce = 0;

  private constructor(
    readonly world: TestEnvironment,
    readonly apis: [RunningApi, RunningApi],
    readonly worker: RunningProcess,
    readonly attacker: Credentials,
    readonly control: Credentials,
    readonly documents: DocumentRef[],
  ) {}

  static async start(options: FuzzInstancesOptions): Promise<FuzzInstances> {
    const world = await createTestEnvironment();
    const env = options.env ?? {};
    const started: RunningProcess[] = [];
    try {
      const apis = (await Promise.all(
        [0, 1].map(async () => started[started.push(await startApi(world.env, env)) - 1]),
      )) as [RunningApi, RunningApi];
      const worker = await startWorker(world.env, env);
      started.push(worker);
      const [attacker, control] = await Promise.all([createWorkspace(apis[0].url), createWorkspace(apis[1].url)]);
      const organizations = new Set(options.documents.map((doc) => doc.organizationId));
      for (const owner of [attacker, control]) {
        for (const doc of options.documents)
          await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId, {
            accessType: 'organizationPrivate',
          });
        for (const organizationId of organizations)
          await seedEditors(apis[0].url, owner, organizationId, options.editors);
      }
      return new FuzzInstances(world, apis, worker, attacker, control, options.documents);
    } catch (error) {
      await Promise.all(started.map((proc) => proc.stop('SIGKILL')));
      await world.dispose();
      throw error;
    }
  }

  /** An end user's handshake in a tenant. */
  handshake(owner: Credentials, userId: string): Promise<Handshake> {
    return userToken(this.apis[0].url, owner, userId, { name: userId, email: `${userId}@example.com` });
  }

  /** A connected socket of `userId` in the tenant on instance `api`, closed by `stop`. */
  async socket(owner: Credentials, userId: string, api: RunningApi): Promise<Socket> {
    const socket = await connect(api.url, await this.handshake(owner, userId));
    this.sockets.push(socket);
    return socket;
  }

  /**
   * Connects the control tenant's clients: for each document, an editor on instance A and one on B,
   * both subscribed, so every check crosses instances.
   */
  async connectControls(userIds: { actor: string; watcher: string }): Promise<void> {
    for (const doc of this.documents) {
      const actor = await this.socket(this.control, userIds.actor, this.apis[0]);
      const watcher = await this.socket(this.control, userIds.watcher, this.apis[1]);
      const pair: ControlPair = { doc, actor, watcher, dropped: [] };
      for (const [name, socket] of Object.entries({ actor, watcher }))
        socket.on('disconnect', (reason) => pair.dropped.push(`${name}: ${reason}`));
      for (const socket of [actor, watcher]) {
        const ack = await request(socket, 'subscribe', doc);
        if (ack.status !== 'success') throw new Error(`control subscribe failed: ${JSON.stringify(ack)}`);
      }
      this.controls.push(pair);
    }
  }

  /** `realtime_handler_errors_total` summed over every event and both instances. */
  async handlerErrors(): Promise<number> {
    const totals = await Promise.all(
      this.apis.map(async (api) => metricSum(await (await fetch(`${api.url}/metrics`)).text(), HANDLER_ERRORS)),
    );
    return totals.reduce((sum, value) => sum + value, 0);
  }

  /** Both instances are running and answer /health 200. */
  async expectHealthy(): Promise<void> {
    for (const api of this.apis) {
      expect({ port: api.port, exitCode: api.child.exitCode, signal: api.child.signalCode }).toEqual({
        port: api.port,
        exitCode: null,
        signal: null,
      });
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
    }
  }

  /**
   * The control clients are still connected and still hear each other across instances: a broadcast,
   * a presence set and a comment from the actor on A reach the watcher on B.
   */
  async expectControlsServed(): Promise<void> {
    for (const pair of this.controls) {
      expect(pair.dropped).toEqual([]);
      const nonce = `n${this.nonce++}`;
      const heard = nextBroadcasts(pair.watcher, 1, (p) => (p.event as { nonce?: string }).nonce === nonce);
      expect((await request(pair.actor, 'event:broadcast', { ...pair.doc, event: { nonce } })).status).toBe('success');
      await heard;
      const seen = nextPresence(
        pair.watcher,
        'set',
        (p) => (p.data as { nonce?: string } | undefined)?.nonce === nonce,
      );
      expect((await request(pair.actor, 'presence:set', { ...pair.doc, data: { nonce } })).status).toBe('success');
      await seen;
      const changed = nextEvent<{ thread: { comments?: Array<{ commentText?: string }> } | null }>(
        pair.watcher,
        'comment:change',
        (p) => p.thread?.comments?.[0]?.commentText === nonce,
      );
      const added = await request(pair.actor, 'comments:add', { ...pair.doc, comment: { commentText: nonce } });
      expect(added.status).toBe('success');
      await changed;
    }
  }

  /** Every document reads back over REST on both instances, in both tenants. */
  async expectDocumentsReadable(): Promise<void> {
    for (const owner of [this.attacker, this.control])
      for (const api of this.apis)
        for (const doc of this.documents) {
          const documents = await post<Array<{ id: string }>>(
            api.url,
            '/v2/organizations/documents/get',
            { organizationId: doc.organizationId, documentIds: [doc.documentId] },
            apiKeyHeaders(owner),
          );
          expect(documents.status).toBe(200);
          expect(documents.body.result.data.map((found) => found.id)).toContain(doc.documentId);
          const threads = await post(api.url, '/v2/commentannotations/get', doc, apiKeyHeaders(owner));
          expect(threads.status).toBe(200);
        }
  }

  /** The checks after a batch: healthy instances, no handler error since `baseline`, served controls, readable documents. */
  async checkBatch(baseline: number): Promise<void> {
    await this.expectHealthy();
    expect(await this.handlerErrors()).toBe(baseline);
    await this.expectControlsServed();
    await this.expectDocumentsReadable();
  }

  /** Lines of either instance's log that tell of a crash, an unhandled rejection or an error-level entry. */
  alarmingLines(): string[] {
    return this.apis.flatMap((api) =>
      api
        .output()
        .split('\n')
        .filter((line) => /unhandled|uncaught|"level":(50|60)/i.test(line)),
    );
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets.splice(0)) socket.close();
    await this.worker.stop();
    await Promise.all(this.apis.map((api) => api.stop()));
    await this.world.dispose();
  }
}

const HANDLER_ERRORS = 'realtime_handler_errors_total';

/** The sum of every sample of `name` (any labels) in a Prometheus text exposition. */
export function metricSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{.*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) sum += Number(match[2]);
  }
  return sum;
}
