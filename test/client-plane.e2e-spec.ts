import { Socket } from 'socket.io-client';
import { Webhook } from 'standardwebhooks';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import {
  connect,
  nextBroadcasts,
  nextEvent,
  nextPresence,
  PresenceEntry,
  request,
  userToken,
} from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { SmtpReceiver } from './support/smtp-receiver';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 120_000;
const doc = { organizationId: 'org-cp', documentId: 'doc-cp' };
const ENV = {
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_RETRY_DELAY_MS: '200',
  WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
  PRESENCE_CONNECTION_TTL_S: '3',
  PRESENCE_SETS_PER_S: '5',
  BROADCASTS_PER_S: '5',
};

interface Thread {
  annotationId: string;
  isRead?: boolean;
  from: { userId: string; name?: string };
  status: { id: string; type: string };
  resolvedByUserId?: string;
  comments: Array<{
    commentId: number;
    commentText: string;
    from: { userId: string };
    reactionAnnotations: Array<{ icon: string }>;
  }>;
}

interface Change {
  cursor: string;
  kind: string;
  annotationId: string;
  commentId?: number;
  thread: Thread | null;
}

/** The client plane end to end, over two API instances and a worker, with real socket.io clients. */
describe('client plane: end users comment, react, set presence and read their inbox with their own token', () => {
  let world: TestEnvironment;
  let a: RunningApi;
  let b: RunningApi;
  let worker: RunningProcess;
  let smtp: SmtpReceiver;
  let basic: WebhookReceiver;
  let advanced: WebhookReceiver;
  let owner: Credentials;
  const sockets: Socket[] = [];

  const call = <T = unknown>(path: string, data: unknown) => post<T>(a.url, path, data, apiKeyHeaders(owner));
  const grant = (userId: string, accessRole: string) =>
    call('/v2/auth/permissions/add', {
      userId,
      permissions: {
        resources: [{ type: 'document', id: doc.documentId, organizationId: doc.organizationId, accessRole }],
      },
    });

  async function user(api: RunningApi, userId: string, subscribe = true): Promise<Socket> {
    const socket = await connect(
      api.url,
      await userToken(api.url, owner, userId, { name: userId.toUpperCase(), email: `${userId}@example.com` }),
    );
    sockets.push(socket);
    if (subscribe) expect((await request(socket, 'subscribe', doc)).status).toBe('success');
    return socket;
  }

  const addThread = (socket: Socket, text: string, extra: Record<string, unknown> = {}) =>
    request<{ thread: Thread }>(socket, 'comments:add', { ...doc, comment: { commentText: text }, ...extra });

  beforeAll(async () => {
    world = await createTestEnvironment();
    [smtp, basic, advanced] = await Promise.all([
      SmtpReceiver.start(),
      WebhookReceiver.start(),
      WebhookReceiver.start(),
    ]);
    [a, b] = await Promise.all([startApi(world.env, ENV), startApi(world.env, ENV)]);
    worker = await startWorker(world.env, ENV);
    owner = await createWorkspace(a.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId, { accessType: 'restricted' });
    await seedEditors(a.url, owner, doc.organizationId, ['ann', 'bob', 'cat']);
    // Eve's only access is her document grant, so removing it takes all of it.
    for (const editor of ['ann', 'bob', 'cat', 'eve']) await grant(editor, 'editor');
    await grant('vic', 'viewer');
  }, LONG);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await worker?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([smtp?.stop(), basic?.down(), advanced?.down()]);
    await world?.dispose();
  }, LONG);

  it(
    'a comment from the browser reaches a subscriber on the other instance and fires each sink once',
    async () => {
      const smtpConfig = {
        type: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        fromEmail: 'noreply@acme.test',
        fromCompany: 'Acme',
      };
      expect(
        (await call('/v2/workspace/emailconfig/update', { useEmailService: true, emailServiceConfig: smtpConfig }))
          .status,
      ).toBe(200);
      expect(
        (
          await call('/v2/workspace/webhookconfig/update', {
            useWebhookService: true,
            webhookServiceConfig: { rawNotificationUrl: basic.url('/raw') },
          })
        ).status,
      ).toBe(200);
      expect((await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true })).status).toBe(200);
      const endpoint = await call<{ id: string }>('/v2/workspace/advancedwebhook/endpoints/create', {
        url: advanced.url(),
        filterTypes: ['comment_annotation.add'],
      });
      const secret = (
        await call<{ secret: string }>('/v2/workspace/advancedwebhook/endpoints/secret/get', {
          endpointId: endpoint.body.result.data.id,
        })
      ).body.result.data.secret;

      const ann = await user(a, 'ann');
      const bob = await user(b, 'bob');
      const notified: unknown[] = [];
      bob.on('notification', (notification: unknown) => notified.push(notification));
      const heard = nextEvent<Change>(bob, 'comment:change', (change) => change.kind === 'thread_added');

      const added = await addThread(ann, 'Bob, look at this', {
        annotationId: 'first',
        comment: {
          commentText: 'Bob, look at this',
          taggedUserContacts: [{ userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } }],
        },
      });
      expect(added.status).toBe('success');
      expect(added.thread).toMatchObject({
        annotationId: 'first',
        from: { userId: 'ann', name: 'ANN' },
        comments: [{ commentId: 1, commentText: 'Bob, look at this', from: { userId: 'ann' } }],
      });
      const change = await heard;
      expect(change).toMatchObject({
        ...doc,
        kind: 'thread_added',
        annotationId: 'first',
        thread: { annotationId: 'first', comments: [{ commentText: 'Bob, look at this' }] },
      });
      expect(BigInt(change.cursor)).toBeGreaterThan(0n);

      await eventually(
        () =>
          expect([basic.received.length, advanced.received.length, notified.length, smtp.received.length]).toEqual([
            1, 1, 1, 1,
          ]),
        { timeoutMs: 30_000 },
      );
      const verified = new Webhook(secret).verify(
        advanced.received[0].body,
        advanced.received[0].headers as Record<string, string>,
      ) as { event: string; data: { actionUser: { userId: string } } };
      expect(verified).toMatchObject({ event: 'comment_annotation.add', data: { actionUser: { userId: 'ann' } } });
      expect(smtp.received[0].to).toEqual(['bob@example.com']);
      // A browser's change says so, as Velt's `platform` does.
      expect(JSON.parse(basic.received[0].body)).toMatchObject({
        event: 'comment_annotation.add',
        platform: 'sdk',
        actionUser: { userId: 'ann' },
      });
      const inbox = await request<{ notifications: Array<{ id: string }> }>(bob, 'notifications:list', {
        organizationId: doc.organizationId,
      });
      expect(inbox.notifications).toHaveLength(1);
      expect(
        (await request<{ count: number }>(bob, 'notifications:unread-count', { organizationId: doc.organizationId }))
          .count,
      ).toBe(1);
      expect(
        (
          await request(bob, 'notifications:mark', {
            organizationId: doc.organizationId,
            notificationIds: [inbox.notifications[0].id],
            read: true,
          })
        ).status,
      ).toBe('success');
      expect(
        (await request<{ count: number }>(bob, 'notifications:unread-count', { organizationId: doc.organizationId }))
          .count,
      ).toBe(0);
      await request(bob, 'notifications:mark', {
        organizationId: doc.organizationId,
        notificationIds: [inbox.notifications[0].id],
        read: false,
      });
      expect(
        (await request<{ count: number }>(bob, 'notifications:unread-count', { organizationId: doc.organizationId }))
          .count,
      ).toBe(1);
      // Ann reads only her own inbox: Bob's notification is not hers to mark.
      await request(ann, 'notifications:mark', {
        organizationId: doc.organizationId,
        notificationIds: [inbox.notifications[0].id],
        read: true,
      });
      expect(
        (await request<{ count: number }>(bob, 'notifications:unread-count', { organizationId: doc.organizationId }))
          .count,
      ).toBe(1);

      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([basic.received.length, advanced.received.length, notified.length, smtp.received.length]).toEqual([
        1, 1, 1, 1,
      ]);
      await call('/v2/workspace/webhookconfig/update', { useWebhookService: false });
      await call('/v2/workspace/emailconfig/update', { useEmailService: false });
    },
    LONG,
  );

  it('refuses a viewer’s write and a `from` naming someone else; a viewer reads', async () => {
    const vic = await user(a, 'vic');
    const refused = await addThread(vic, 'hi');
    expect(refused.error).toMatchObject({ status: 'PERMISSION_DENIED' });
    const listed = await request<{ threads: Thread[]; cursor: string }>(vic, 'comments:list', doc);
    expect(listed.status).toBe('success');
    expect(listed.threads.map((thread) => thread.annotationId)).toContain('first');

    const ann = await user(a, 'ann');
    const impersonation = await addThread(ann, 'as bob', { from: { userId: 'bob' } });
    expect(impersonation.error.status).toBe('PERMISSION_DENIED');
    expect(impersonation.error.message).toContain('from');
    const unknown = await addThread(ann, 'x', { actionUser: { userId: 'bob' } });
    expect(unknown.error.status).toBe('INVALID_ARGUMENT');
    expect(unknown.error.message).toContain('actionUser');
    const asSelf = await addThread(ann, 'as myself', { from: { userId: 'ann' } });
    expect(asSelf.status).toBe('success');
  });

  it('replies, edits and deletes only one’s own, reacts, resolves and marks read, each pushed live', async () => {
    const ann = await user(a, 'ann');
    const bob = await user(b, 'bob');
    const { thread } = await addThread(ann, 'Thread by Ann');
    const id = thread.annotationId;
    const reply = await request<{ thread: Thread; commentId: number }>(bob, 'comments:reply', {
      ...doc,
      annotationId: id,
      comment: { commentText: 'Reply by Bob' },
    });
    expect(reply.commentId).toBe(2);
    expect(
      (await request(ann, 'comments:edit', { ...doc, annotationId: id, commentId: 2, commentText: 'hijack' })).error,
    ).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect((await request(ann, 'comments:delete', { ...doc, annotationId: id, commentId: 2 })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
    });
    expect((await request(bob, 'comments:delete', { ...doc, annotationId: id })).error).toMatchObject({
      status: 'PERMISSION_DENIED',
    });

    const edited = nextEvent<Change>(
      ann,
      'comment:change',
      (change) => change.kind === 'comment_updated' && change.annotationId === id,
    );
    const edit = await request<{ thread: Thread }>(bob, 'comments:edit', {
      ...doc,
      annotationId: id,
      commentId: 2,
      commentText: 'Reply by Bob, edited',
    });
    expect(edit.thread.comments[1].commentText).toBe('Reply by Bob, edited');
    expect((await edited).thread?.comments[1].commentText).toBe('Reply by Bob, edited');

    const reacted = nextEvent<Change>(bob, 'comment:change', (change) => change.kind === 'reaction_added');
    await request(ann, 'comments:react', { ...doc, annotationId: id, commentId: 2, icon: '👍' });
    expect((await reacted).thread?.comments[1].reactionAnnotations).toEqual([expect.objectContaining({ icon: '👍' })]);

    const resolved = nextEvent<Change>(
      ann,
      'comment:change',
      (change) => change.kind === 'thread_updated' && change.annotationId === id,
    );
    const status = await request<{ thread: Thread }>(bob, 'comments:status', {
      ...doc,
      annotationId: id,
      status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' },
    });
    expect(status.thread).toMatchObject({ status: { id: 'RESOLVED', type: 'terminal' }, resolvedByUserId: 'bob' });
    expect((await resolved).thread?.status.type).toBe('terminal');

    expect((await request<{ thread: Thread }>(ann, 'comments:get', { ...doc, annotationId: id })).thread.isRead).toBe(
      false,
    );
    await request(ann, 'comments:read', { ...doc, annotationId: id });
    expect((await request<{ thread: Thread }>(ann, 'comments:get', { ...doc, annotationId: id })).thread.isRead).toBe(
      true,
    );

    const removed = nextEvent<Change>(
      bob,
      'comment:change',
      (change) => change.kind === 'thread_deleted' && change.annotationId === id,
    );
    expect((await request(ann, 'comments:delete', { ...doc, annotationId: id })).status).toBe('success');
    expect((await removed).thread).toBeNull();

    const mentionable = await request<{ users: Array<{ userId: string }> }>(ann, 'users:mentionable', {
      ...doc,
      query: 'b',
    });
    expect(mentionable.users.map((u) => u.userId)).toEqual(['bob']);
  });

  it('a private thread and its events reach only those it names', async () => {
    const ann = await user(a, 'ann');
    const bob = await user(b, 'bob');
    const cat = await user(b, 'cat');
    const overheard: Change[] = [];
    cat.on('comment:change', (change: Change) => overheard.push(change));
    const heard = nextEvent<Change>(bob, 'comment:change', (change) => change.annotationId === 'secret');
    await addThread(ann, 'just us', { annotationId: 'secret', visibility: { type: 'restricted', userIds: ['bob'] } });
    expect((await heard).thread?.annotationId).toBe('secret');
    // A public change after it, on the same document: once Cat hears that, she would have heard the private one before it.
    const publicOne = nextEvent<Change>(cat, 'comment:change', (change) => change.annotationId === 'public-after');
    await addThread(ann, 'everyone', { annotationId: 'public-after' });
    await publicOne;
    expect(overheard.map((change) => change.annotationId)).toEqual(['public-after']);
    expect((await request(cat, 'comments:get', { ...doc, annotationId: 'secret' })).error).toMatchObject({
      status: 'NOT_FOUND',
    });
    expect(
      (await request(cat, 'comments:reply', { ...doc, annotationId: 'secret', comment: { commentText: 'me too' } }))
        .error,
    ).toMatchObject({ status: 'NOT_FOUND' });
    const listed = await request<{ threads: Thread[] }>(cat, 'comments:list', doc);
    expect(listed.threads.map((thread) => thread.annotationId)).not.toContain('secret');
  });

  it('a grant removed mid-session stops the user’s comment actions and events at once', async () => {
    const eve = await user(b, 'eve');
    const ann = await user(a, 'ann');
    expect((await addThread(eve, 'while I may')).status).toBe('success');
    const revoked = nextEvent(eve, 'access_revoked');
    await call('/v2/auth/permissions/remove', {
      userId: 'eve',
      permissions: { resources: [{ type: 'document', id: doc.documentId, organizationId: doc.organizationId }] },
    });
    await revoked;
    expect((await addThread(eve, 'no longer')).error).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect((await request(eve, 'comments:list', doc)).error).toMatchObject({ status: 'PERMISSION_DENIED' });
    const heard: Change[] = [];
    eve.on('comment:change', (change: Change) => heard.push(change));
    const annHears = nextEvent<Change>(ann, 'comment:change', (change) => change.annotationId === 'after-revoke');
    await addThread(ann, 'Eve should not hear this', { annotationId: 'after-revoke' });
    await annHears;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
    await grant('eve', 'editor');
  });

  it('catches a reconnecting client up on what it missed, deletions included', async () => {
    const ann = await user(a, 'ann');
    await addThread(ann, 'kept', { annotationId: 'kept' });
    await addThread(ann, 'doomed', { annotationId: 'doomed' });
    const bob = await user(b, 'bob');
    const { cursor } = await request<{ cursor: string }>(bob, 'comments:list', doc);
    bob.close();
    await request(ann, 'comments:reply', {
      ...doc,
      annotationId: 'kept',
      comment: { commentText: 'while Bob was away' },
    });
    await request(ann, 'comments:delete', { ...doc, annotationId: 'doomed' });
    await addThread(ann, 'new', { annotationId: 'new-while-away' });

    const back = await user(b, 'bob');
    const caught = await request<{ cursor: string; threads: Thread[]; deleted: string[] }>(back, 'comments:changes', {
      ...doc,
      since: cursor,
    });
    expect(caught.threads.map((thread) => thread.annotationId).sort()).toEqual(['kept', 'new-while-away']);
    expect(caught.threads.find((thread) => thread.annotationId === 'kept')?.comments.map((c) => c.commentText)).toEqual(
      ['kept', 'while Bob was away'],
    );
    expect(caught.deleted).toEqual(['doomed']);
    expect(BigInt(caught.cursor)).toBeGreaterThan(BigInt(cursor));
    const again = await request<{ cursor: string; threads: Thread[]; deleted: string[] }>(back, 'comments:changes', {
      ...doc,
      since: caught.cursor,
    });
    expect([again.threads, again.deleted, again.cursor]).toEqual([[], [], caught.cursor]);
    expect((await request(back, 'comments:changes', { ...doc, since: 'yesterday' })).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });

  it('a frame of one connection’s set alone is not sent back to it; the others’ frames are', async () => {
    const alone = { organizationId: doc.organizationId, documentId: 'presence-alone' };
    await seedDocument(world, owner.apiKey, alone.organizationId, alone.documentId, { accessType: 'public' });
    const [dan, eve] = await Promise.all([user(a, 'dan', false), user(b, 'eve', false)]);
    for (const socket of [dan, eve]) expect((await request(socket, 'subscribe', alone)).status).toBe('success');
    const danHeard: PresenceEntry[] = [];
    dan.on('presence:frame', (frame: { set: PresenceEntry[] }) => danHeard.push(...frame.set));
    const danSeen = nextPresence(eve, 'set', (entry) => entry.userId === 'dan');
    await request(dan, 'presence:set', { ...alone, data: { cursor: { x: 3, y: 4 } } });
    await danSeen;
    const eveSeen = nextPresence(dan, 'set', (entry) => entry.userId === 'eve');
    await request(eve, 'presence:set', { ...alone, data: { cursor: { x: 1, y: 2 } } });
    await eveSeen;
    expect(danHeard.map((entry) => entry.userId)).toEqual(['eve']);
  });

  it('presence data set on one instance shows on the other, to late subscribers too, and leaves with the socket', async () => {
    const ann = await user(a, 'ann');
    const bob = await user(b, 'bob');
    const seen = nextPresence(bob, 'set');
    expect((await request(ann, 'presence:set', { ...doc, data: { cursor: { x: 10, y: 20 } } })).status).toBe('success');
    expect(await seen).toMatchObject({
      ...doc,
      connectionId: ann.id,
      userId: 'ann',
      name: 'ANN',
      data: { cursor: { x: 10, y: 20 } },
    });

    const late = await user(b, 'cat', false);
    const ack = await request<{ connections: Array<{ connectionId: string; data: unknown }> }>(late, 'subscribe', doc);
    expect(ack.connections).toEqual([
      { connectionId: ann.id, userId: 'ann', name: 'ANN', data: { cursor: { x: 10, y: 20 } } },
    ]);

    const left = nextPresence(bob, 'left');
    const annId = ann.id;
    ann.close();
    expect((await left).connectionId).toBe(annId);
    expect(
      await world.redis.hlen(
        `connection-presence:{${JSON.stringify([owner.apiKey, doc.organizationId, doc.documentId])}}`,
      ),
    ).toBe(0);
    const tables = await world.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.columns WHERE column_name = 'data' AND table_name LIKE '%presence%'",
    );
    expect(tables[0].n).toBe('0');
  });

  it('broadcasts reach every other subscriber on both instances in event frames, each event once and in its sender order', async () => {
    const ann = await user(a, 'ann');
    const cat = await user(a, 'cat');
    const bob = await user(b, 'bob');
    const mine = (heard: { event: unknown }) => (heard.event as { test?: string }).test === 'order';
    const bobHears = nextBroadcasts(bob, 11, mine);
    const annHears = nextBroadcasts(ann, 3, mine);
    for (let i = 0; i < 8; i++) ann.emit('event:broadcast', { ...doc, event: { test: 'order', i } });
    for (let i = 0; i < 3; i++) cat.emit('event:broadcast', { ...doc, event: { test: 'order', i } });
    const heard = await bobHears;
    expect(heard.every((entry) => entry.v === 1 && entry.documentId === doc.documentId)).toBe(true);
    const from = (userId: string) => heard.filter((entry) => entry.userId === userId);
    expect(from('ann').map((entry) => entry.event)).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ test: 'order', i })),
    );
    expect(from('ann').every((entry) => entry.connectionId === ann.id)).toBe(true);
    expect(from('cat').map((entry) => entry.event)).toEqual(
      Array.from({ length: 3 }, (_, i) => ({ test: 'order', i })),
    );
    expect((await annHears).map((entry) => [entry.userId, entry.event])).toEqual(
      Array.from({ length: 3 }, (_, i) => ['cat', { test: 'order', i }]),
    );
  });

  it('refuses an oversized or too fast presence or event stream with its reason, and counts it', async () => {
    const ann = await user(a, 'ann');
    const bob = await user(a, 'bob');
    const big = await request(ann, 'presence:set', { ...doc, data: { blob: 'x'.repeat(5000) } });
    expect(big.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'data must be at most 2048 bytes as JSON.',
    });
    const bigEvent = await request(ann, 'event:broadcast', { ...doc, event: { blob: 'x'.repeat(9000) } });
    expect(bigEvent.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'event must be at most 8192 bytes as JSON.',
    });

    const heard = nextBroadcasts(bob, 1);
    expect((await request(ann, 'event:broadcast', { ...doc, event: { type: 'wave' } })).status).toBe('success');
    expect(await heard).toMatchObject([{ userId: 'ann', event: { type: 'wave' } }]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(ann, 'presence:set', { ...doc, data: { i } })),
    );
    const limited = answers.filter((answer) => answer.error?.status === 'RESOURCE_EXHAUSTED');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].error.message).toBe('Too many presence:set messages: at most 5 a second per connection.');
    const refused = nextEvent<{ event: string; status: string }>(ann, 'refused');
    for (let i = 0; i < 20; i++) ann.emit('event:broadcast', { ...doc, event: { i } });
    expect(await refused).toMatchObject({ event: 'event:broadcast', status: 'RESOURCE_EXHAUSTED' });
    expect((await request(await user(a, 'cat', false), 'presence:set', { ...doc, data: {} })).error).toMatchObject({
      status: 'FAILED_PRECONDITION',
    });

    const metrics = await (await fetch(`${a.url}/metrics`)).text();
    expect(metrics).toMatch(/realtime_refused_total\{event="presence:set",reason="too_large"\} 1/);
    expect(metrics).toMatch(/realtime_refused_total\{event="presence:set",reason="rate_limited"\} [1-9]/);
    expect(metrics).toMatch(/realtime_refused_total\{event="event:broadcast",reason="rate_limited"\} [1-9]/);
  });

  it(
    'a user subscribes to a thread and hears of its replies, unsubscribes and no longer does; each change fires Velt’s subscribed and unsubscribed webhooks',
    async () => {
      basic.received.splice(0);
      const triggers = {
        'comment_annotation.subscribe': true,
        'comment_annotation.unsubscribe': true,
        'comment_annotation.add': false,
        'comment.add': false,
      };
      expect(
        (
          await call('/v2/workspace/webhookconfig/update', {
            useWebhookService: true,
            webhookServiceConfig: { rawNotificationUrl: basic.url('/subscriptions'), triggers },
          })
        ).status,
      ).toBe(200);
      const ann = await user(a, 'ann');
      const bob = await user(b, 'bob');
      const vic = await user(a, 'vic');
      const annotationId = (await addThread(ann, 'Who follows this?')).thread.annotationId;
      const ref = { ...doc, annotationId };
      const inboxOf = async (socket: Socket) =>
        (
          await request<{ notifications: Array<{ notificationSourceData: { annotationId: string } }> }>(
            socket,
            'notifications:list',
            { organizationId: doc.organizationId },
          )
        ).notifications.filter((notification) => notification.notificationSourceData.annotationId === annotationId);

      // A viewer may follow a thread; subscribing twice changes it once.
      const subscribed = await request<{ thread: Thread & { subscribedUsers: Record<string, unknown> } }>(
        vic,
        'comments:subscribe',
        ref,
      );
      expect(subscribed.status).toBe('success');
      expect(Object.values(subscribed.thread.subscribedUsers)).toEqual([
        { user: { userId: 'vic', name: 'VIC', email: 'vic@example.com' }, type: 'manual' },
      ]);
      await request(vic, 'comments:subscribe', ref);
      expect((await request(ann, 'comments:unsubscribe', ref)).status).toBe('success');

      await request(bob, 'comments:reply', { ...ref, comment: { commentText: 'I do' } });
      await eventually(async () => expect(await inboxOf(vic)).toHaveLength(1), { timeoutMs: 10_000 });
      expect(await inboxOf(ann)).toEqual([]);

      await request(vic, 'comments:unsubscribe', ref);
      await request(bob, 'comments:reply', { ...ref, comment: { commentText: 'still here' } });
      await eventually(
        async () => {
          const thread = (await request<{ thread: Thread }>(bob, 'comments:get', ref)).thread;
          expect(thread.comments).toHaveLength(3);
        },
        { timeoutMs: 10_000 },
      );
      await eventually(() => expect(basic.received).toHaveLength(3), { timeoutMs: 30_000 });
      const payloads = basic.received.map(
        (hook) =>
          JSON.parse(hook.body) as {
            event: string;
            actionType: string;
            actionUser: { userId: string };
            platform: string;
          },
      );
      expect(
        payloads.map(({ event, actionType, actionUser, platform }) => [event, actionType, actionUser.userId, platform]),
      ).toEqual([
        ['comment_annotation.subscribe', 'subscribed', 'vic', 'sdk'],
        ['comment_annotation.unsubscribe', 'unsubscribed', 'ann', 'sdk'],
        ['comment_annotation.unsubscribe', 'unsubscribed', 'vic', 'sdk'],
      ]);
      expect(await inboxOf(vic)).toHaveLength(1);
      expect(await inboxOf(ann)).toEqual([]);
      const stored = await call<Array<{ annotationId: string; unsubscribedUsers: Record<string, unknown> }>>(
        '/v2/commentannotations/get',
        { ...doc, annotationIds: [annotationId] },
      );
      expect(
        Object.values(stored.body.result.data[0].unsubscribedUsers)
          .map((entry) => (entry as { user: { userId: string } }).user.userId)
          .sort(),
      ).toEqual(['ann', 'vic']);
      expect(stored.body.result.data[0]).not.toHaveProperty('subscribedUsers');
      await call('/v2/workspace/webhookconfig/update', { useWebhookService: false });

      // Erasing vic's data takes her out of the thread's subscription maps.
      const erasure = await call<{ jobId: string }>('/v2/users/data/delete', { userIds: ['vic'] });
      expect(erasure.status).toBe(200);
      await eventually(
        async () => {
          const status = await call<{ isDeleteCompleted: boolean }>('/v2/users/data/delete/status', {
            jobId: erasure.body.result.data.jobId,
          });
          expect(status.body.result.data.isDeleteCompleted).toBe(true);
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const erased = await call<Array<{ unsubscribedUsers: Record<string, { user: { userId: string } }> }>>(
        '/v2/commentannotations/get',
        { ...doc, annotationIds: [annotationId] },
      );
      expect(Object.values(erased.body.result.data[0].unsubscribedUsers).map((entry) => entry.user.userId)).toEqual([
        'ann',
      ]);
    },
    LONG,
  );

  it('a location moved or deleted over REST reaches the sockets live and is in the change log for catch-up', async () => {
    const bob = await user(b, 'bob');
    const { cursor } = await request<{ cursor: string }>(bob, 'comments:list', doc);
    const ann = await user(a, 'ann');
    const threadId = (await addThread(ann, 'On slide 1', { location: { id: 'slide-1', locationName: 'Slide 1' } }))
      .thread.annotationId;
    const moved = nextEvent<Change>(bob, 'comment:change', (change) => change.kind === 'thread_updated');
    expect(
      (
        await call('/v1/organizations/documents/locations/update', {
          ...doc,
          migrate: { oldLocation: { id: 'slide-1' }, newLocation: { id: 'slide-2', locationName: 'Slide 2' } },
        })
      ).status,
    ).toBe(200);
    expect(await moved).toMatchObject({
      annotationId: threadId,
      thread: { location: { id: 'slide-2', locationName: 'Slide 2' } },
    });
    const deleted = nextEvent<Change>(bob, 'comment:change', (change) => change.kind === 'thread_deleted');
    expect(
      (await call('/v1/organizations/documents/locations/data/delete', { ...doc, location: { id: 'slide-2' } })).status,
    ).toBe(200);
    expect(await deleted).toMatchObject({ annotationId: threadId, thread: null });
    const caughtUp = await request<{ deleted: string[] }>(bob, 'comments:changes', { ...doc, since: cursor });
    expect(caughtUp.deleted).toContain(threadId);
  });

  it(
    'a SIGKILLed instance’s connections leave the others’ presence within the documented bound',
    async () => {
      const doomed = await startApi(world.env, ENV);
      const ann = await user(doomed, 'ann');
      const bob = await user(b, 'bob');
      const seen = nextPresence(bob, 'set');
      await request(ann, 'presence:set', { ...doc, data: { cursor: { x: 1 } } });
      await seen;
      const left = nextPresence(bob, 'left', () => true, 3000 + 1000 + 3000);
      const annId = ann.id;
      expect(await doomed.stop('SIGKILL')).toBe('SIGKILL');
      expect((await left).connectionId).toBe(annId);
    },
    LONG,
  );
});
