import { io, Socket } from 'socket.io-client';
import { Webhook } from 'standardwebhooks';
import { createTestEnvironment, TestEnvironment } from '../support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from '../support/processes';
import { apiKeyHeaders, createWorkspace, post } from '../support/http-client';
import { eventually } from '../support/eventually';
import { connect, Handshake, nextEvent, request, userToken } from '../support/realtime-client';
import { seedDocument, seedEditors } from '../support/seed';
import { FailoverProxy } from '../support/failover-proxy';
import { WebhookReceiver } from '../support/webhook-receiver';

const LONG = 90_000;
const doc = { organizationId: 'org', documentId: 'doc' };

describe('faults: processes killed with SIGKILL', () => {
  let world: TestEnvironment;

  beforeAll(async () => {
    world = await createTestEnvironment();
  }, LONG);

  afterAll(async () => {
    await world?.dispose();
  }, LONG);

  it(
    'a worker killed while a receiver holds its delivery open: another worker delivers it, with the same webhook-id',
    async () => {
      const api = await startApi(world.env);
      const target = await WebhookReceiver.start();
      const workerEnv = { WEBHOOK_RETRY_SCHEDULE_MS: '500,500,500', WEBHOOK_SWEEP_INTERVAL_MS: '500' };
      let first: RunningProcess | null = await startWorker(world.env, workerEnv);
      let second: RunningProcess | null = null;
      try {
        const owner = await createWorkspace(api.url);
        await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
        await seedEditors(api.url, owner, doc.organizationId, ['u1']);
        const token = 'receiver-secret';
        await post(
          api.url,
          '/v2/workspace/webhookconfig/update',
          {
            useWebhookService: true,
            webhookServiceConfig: { authToken: token, rawNotificationUrl: target.url('/raw') },
          },
          apiKeyHeaders(owner),
        );
        // The first request is held open (no answer) until long after the worker is gone; later ones succeed.
        target.reply = (_request, index) => (index === 0 ? { status: 200, delayMs: 30_000 } : { status: 200 });
        const added = await post(
          api.url,
          '/v2/commentannotations/add',
          {
            ...doc,
            from: { userId: 'u1' },
            commentAnnotations: [
              {
                annotationId: 'held',
                commentData: [{ commentText: 'hi', from: { userId: 'u1' }, triggerNotification: true }],
              },
            ],
          },
          apiKeyHeaders(owner),
        );
        expect(added.status).toBe(200);
        await eventually(() => expect(target.received).toHaveLength(1), { timeoutMs: 15_000 });

        second = await startWorker(world.env, workerEnv);
        expect(await first.stop('SIGKILL')).toBe('SIGKILL');
        first = null;

        // The killed worker's job lock lapses, the survivor's stalled-job check takes the job back and delivers it.
        await eventually(() => expect(target.received).toHaveLength(2), { timeoutMs: 40_000, intervalMs: 100 });
        const [delivery] = await world.query<{ id: string; status: string; attempts: number }>(
          'SELECT id, status, attempts FROM webhook_delivery WHERE api_key_id = $1',
          [owner.apiKey],
        );
        await eventually(async () => {
          const [row] = await world.query<{ status: string }>('SELECT status FROM webhook_delivery WHERE id = $1', [
            delivery.id,
          ]);
          expect(row.status).toBe('succeeded');
        });
        // What docs/architecture.md "Webhooks" promises: at-least-once, every copy carrying the same webhook-id and a valid
        // signature, so a receiver that deduplicates on webhook-id processes the event exactly once.
        const verifier = new Webhook(Buffer.from(token).toString('base64'));
        const payloads = target.received.map(
          (r) => verifier.verify(r.body, r.headers as Record<string, string>) as { webhookId: string },
        );
        expect(target.received.map((r) => r.headers['webhook-id'])).toEqual([delivery.id, delivery.id]);
        expect(payloads.map((p) => p.webhookId)).toEqual([delivery.id, delivery.id]);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(target.received).toHaveLength(2);
        expect(second.output()).not.toMatch(/unhandled|uncaught/i);
      } finally {
        await Promise.all([first?.stop('SIGKILL'), second?.stop(), api.stop(), target.down()]);
      }
    },
    LONG,
  );

  it(
    "an API instance killed during REST broadcasts: its clients fail over and resubscribe, the survivor's clients miss nothing",
    async () => {
      const [a, b] = await Promise.all([startApi(world.env), startApi(world.env)]);
      // Clients reach the service through a balancer that prefers A: A's clients land on B when they reconnect.
      const balancer = await new FailoverProxy([a.port, b.port]).start();
      const sockets: Socket[] = [];
      try {
        const owner = await createWorkspace(b.url);
        await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
        await seedEditors(b.url, owner, doc.organizationId, ['a1', 'a2', 'b1', 'b2']);
        const [a1, a2, b1, b2] = await Promise.all(
          ['a1', 'a2', 'b1', 'b2'].map((userId) => userToken(b.url, owner, userId)),
        );

        // A's clients behave like an SDK: reconnect on their own and subscribe again on every connect.
        const resubscribed = new Map<Socket, number>();
        const failingOver = [a1, a2].map((auth) => {
          const socket = resilientClient(balancer.url, auth);
          socket.on('connect', () => {
            void request(socket, 'subscribe', doc).then((ack) => {
              if (ack.status === 'success') resubscribed.set(socket, (resubscribed.get(socket) ?? 0) + 1);
            });
          });
          sockets.push(socket);
          return socket;
        });
        const surviving = await Promise.all([b1, b2].map((auth) => connect(b.url, auth)));
        sockets.push(...surviving);
        for (const socket of surviving) expect((await request(socket, 'subscribe', doc)).status).toBe('success');
        await eventually(() => expect(failingOver.map((s) => resubscribed.get(s))).toEqual([1, 1]));

        const heard = new Map<Socket, Set<string>>(sockets.map((s) => [s, new Set<string>()]));
        for (const socket of sockets)
          socket.on('livestate', (event: { liveStateDataId: string }) => heard.get(socket)!.add(event.liveStateDataId));

        // Broadcasts stream into both instances; A is killed mid-stream.
        const accepted: Array<{ id: string; via: 'a' | 'b' }> = [];
        const failures: unknown[] = [];
        let streaming = true;
        let killed = false;
        const stream = async (via: 'a' | 'b', api: RunningApi) => {
          for (let n = 0; streaming; n++) {
            const id = `${via}-${n}`;
            const afterKill = killed;
            try {
              const response = await post(
                api.url,
                '/v1/livestate/broadcast',
                { ...doc, liveStateDataId: id, data: { n } },
                apiKeyHeaders(owner),
              );
              if (response.status === 200) accepted.push({ id, via });
              else failures.push({ id, status: response.status, body: response.body });
            } catch (error) {
              // Only the killed instance may drop a connection.
              if (via === 'b' || !killed) failures.push({ id, error: String(error) });
              if (via === 'a' && afterKill) return;
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        const streams = Promise.all([stream('a', a), stream('b', b)]);
        await new Promise((resolve) => setTimeout(resolve, 400));
        killed = true;
        expect(await a.stop('SIGKILL')).toBe('SIGKILL');

        // A's clients fail over to B and subscribe again; the ack carries the live state they missed.
        await eventually(() => expect(failingOver.map((s) => resubscribed.get(s))).toEqual([2, 2]), {
          timeoutMs: 20_000,
          intervalMs: 100,
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        streaming = false;
        await streams;
        expect(failures).toEqual([]);

        const final = sockets.map((s) =>
          nextEvent<{ liveStateDataId: string }>(s, 'livestate', (e) => e.liveStateDataId === 'final'),
        );
        expect(
          (
            await post(
              b.url,
              '/v1/livestate/broadcast',
              { ...doc, liveStateDataId: 'final', data: {} },
              apiKeyHeaders(owner),
            )
          ).status,
        ).toBe(200);
        await Promise.all(final);

        // The survivor's clients heard every broadcast B accepted, before, during and after the kill.
        const viaB = accepted.filter((x) => x.via === 'b').map((x) => x.id);
        expect(viaB.length).toBeGreaterThan(10);
        for (const socket of surviving) expect(viaB.filter((id) => !heard.get(socket)!.has(id))).toEqual([]);
        // No accepted broadcast lost: each one that answered 200, on either instance, is stored.
        const stored = new Set(
          (await world.query<{ id: string }>('SELECT id FROM live_state WHERE api_key_id = $1', [owner.apiKey])).map(
            (r) => r.id,
          ),
        );
        expect(accepted.filter((x) => !stored.has(x.id))).toEqual([]);
        const latest = await request<{ liveStates: unknown[] }>(surviving[0], 'subscribe', doc);
        expect(latest.liveStates.length).toBe(stored.size);
        expect(b.output()).not.toMatch(/unhandled|uncaught|"level":50/i);
        console.log(
          `API kill: ${accepted.length} broadcasts accepted (${viaB.length} via the survivor), failover resubscribed ${failingOver.length} clients`,
        );
      } finally {
        for (const socket of sockets) socket.close();
        await Promise.all([a.stop('SIGKILL'), b.stop(), balancer.stop()]);
      }
    },
    LONG,
  );
});

function resilientClient(url: string, auth: Handshake): Socket {
  return io(url, {
    path: '/realtime',
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
}
