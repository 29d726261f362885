/**
 * @jest-environment ./test/support/jsdom-node-environment.ts
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, version, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Thread } from '@collab-backend/realtime';
import {
  CollabProvider,
  DocumentProvider,
  useBroadcastEvent,
  useCreateThread,
  useDeleteComment,
  useDocument,
  useEditComment,
  useEventListener,
  useLiveState,
  useMarkRead,
  useMentionableUsers,
  useNotifications,
  useOthers,
  useReaction,
  useReply,
  useSelf,
  useThreads,
  useThreadStatus,
  useUnreadCount,
  useUpdateMyPresence,
} from '../packages/react/src';
import { useSharedDoc } from '../packages/react/src/shared-doc';
import { createWorkspace, Credentials } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 120_000;
const doc = { organizationId: 'org-react', documentId: 'doc-react' };
const wait = { timeout: 10_000 };

/**
 * Every hook of @collab-backend/react, rendered with renderHook (jsdom) for two users against a real API and worker; on
 * React 19, and on React 18 in the e2e-react-18 project.
 */
describe(`@collab-backend/react hooks against a real API, on React ${version}`, () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;
  const unmounts: Array<() => void> = [];

  /** The wrapper a user's hooks render in: their own connection, entered into the test document. */
  async function wrapperFor(userId: string, documentId = doc.documentId) {
    const { apiKey, token } = await userToken(api.url, owner, userId, {
      name: userId.toUpperCase(),
      email: `${userId}@example.com`,
    });
    const refreshToken = async () =>
      (await userToken(api.url, owner, userId, { name: userId.toUpperCase(), email: `${userId}@example.com` })).token;
    return ({ children }: { children: ReactNode }) =>
      createElement(
        CollabProvider,
        { url: api.url, apiKey, token, userId, refreshToken, organizationId: doc.organizationId },
        createElement(DocumentProvider, { documentId }, children),
      );
  }

  async function render<T>(userId: string, hook: () => T) {
    const rendered = renderHook(hook, { wrapper: await wrapperFor(userId) });
    unmounts.push(rendered.unmount);
    return rendered;
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [api, worker] = await Promise.all([startApi(world.env), startWorker(world.env)]);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob', 'cat']);
    await seedDocument(world, owner.apiKey, doc.organizationId, 'doc-restricted', { accessType: 'restricted' });
  }, LONG);

  afterEach(() => {
    for (const unmount of unmounts.splice(0)) act(unmount);
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await world?.dispose();
  }, LONG);

  it('renders on the server without a connection: empty values, no crash', () => {
    const Probe = () => {
      const others = useOthers();
      const threads = useThreads();
      const unread = useUnreadCount();
      const { status } = useDocument();
      return createElement('p', null, `${status} ${useSelf() === null} ${others.length} ${threads.length} ${unread}`);
    };
    const html = renderToString(
      createElement(
        CollabProvider,
        { url: 'http://127.0.0.1:1', apiKey: 'k', token: 't', userId: 'ann', organizationId: 'o' },
        createElement(DocumentProvider, { documentId: 'd' }, createElement(Probe)),
      ),
    );
    expect(html).toBe('<p>entering true 0 0 0</p>');
  });

  it(
    'presence: each user sees self and the other, with the presence data the other sets, and the other leaving on unmount',
    async () => {
      const ann = await render('ann', () => ({
        self: useSelf(),
        others: useOthers<{ cursor?: { x: number; y: number } }>(),
        update: useUpdateMyPresence(),
        document: useDocument(),
      }));
      const bob = renderHook(
        () => ({ others: useOthers<{ cursor?: { x: number; y: number } }>(), update: useUpdateMyPresence() }),
        { wrapper: await wrapperFor('bob') },
      );
      await waitFor(() => expect(ann.result.current.document.status).toBe('entered'), wait);
      await waitFor(() => expect(ann.result.current.self).toMatchObject({ userId: 'ann', name: 'ANN' }), wait);
      await waitFor(() => expect(ann.result.current.others.map((other) => other.userId)).toEqual(['bob']), wait);
      act(() => bob.result.current.update({ cursor: { x: 10, y: 20 } }));
      act(() => bob.result.current.update({ cursor: { x: 30, y: 40 } }));
      await waitFor(
        () =>
          expect(ann.result.current.others).toEqual([
            expect.objectContaining({ userId: 'bob', name: 'BOB', presence: { cursor: { x: 30, y: 40 } } }),
          ]),
        wait,
      );
      expect(bob.result.current.others.map((other) => other.userId)).toEqual(['ann']);
      act(() => bob.unmount());
      await waitFor(() => expect(ann.result.current.others).toEqual([]), wait);
    },
    LONG,
  );

  it(
    'presence set while the document is still entering is sent once it is entered',
    async () => {
      const ann = await render('ann', () => ({
        others: useOthers<{ cursor?: { x: number; y: number } }>(),
        document: useDocument(),
      }));
      await waitFor(() => expect(ann.result.current.document.status).toBe('entered'), wait);
      const bob = await render('bob', () => ({ update: useUpdateMyPresence(), document: useDocument() }));
      expect(bob.result.current.document.status).toBe('entering');
      act(() => bob.result.current.update({ cursor: { x: 5, y: 6 } }));
      await waitFor(
        () =>
          expect(ann.result.current.others).toEqual([
            expect.objectContaining({ userId: 'bob', presence: { cursor: { x: 5, y: 6 } } }),
          ]),
        wait,
      );
    },
    LONG,
  );

  it(
    'broadcast events reach the other user’s listener; live state set by one shows in the other',
    async () => {
      const heard: unknown[] = [];
      const ann = await render('ann', () => ({
        broadcast: useBroadcastEvent<{ ping: number }>(),
        state: useLiveState<{ counter: number }>('shared'),
        document: useDocument(),
      }));
      const bob = await render('bob', () => {
        useEventListener<{ ping: number }>(({ userId, event }) => heard.push({ userId, event }));
        return { state: useLiveState<{ counter: number }>('shared'), others: useOthers() };
      });
      await waitFor(() => expect(bob.result.current.others.map((other) => other.userId)).toEqual(['ann']), wait);
      await act(() => ann.result.current.broadcast({ ping: 1 }));
      await waitFor(() => expect(heard).toEqual([{ userId: 'ann', event: { ping: 1 } }]), wait);
      expect(bob.result.current.state[0]).toBeUndefined();
      await act(() => ann.result.current.state[1]({ counter: 7 }));
      await waitFor(() => expect(bob.result.current.state[0]).toEqual({ counter: 7 }), wait);
      expect(ann.result.current.state[0]).toEqual({ counter: 7 });
    },
    LONG,
  );

  it(
    'comments: a thread, a reply, an edit, a reaction toggled, a resolve and a delete from one user show live in the other’s useThreads',
    async () => {
      const ann = await render('ann', () => ({
        threads: useThreads(),
        create: useCreateThread(),
        edit: useEditComment(),
        react: useReaction(),
        status: useThreadStatus(),
        remove: useDeleteComment(),
        mentionable: useMentionableUsers('b'),
      }));
      const bob = await render('bob', () => ({ threads: useThreads(), reply: useReply() }));
      await waitFor(() => expect(ann.result.current.mentionable.map((user) => user.userId)).toEqual(['bob']), wait);
      const bobSees = (check: (threads: Thread[]) => void) => waitFor(() => check(bob.result.current.threads), wait);

      let thread: Thread | undefined;
      await act(
        async () =>
          void (thread = await ann.result.current.create({
            annotationId: 'pinned',
            comment: { commentText: 'look here' },
            location: { x: 10, y: 20 },
          })),
      );
      await bobSees((threads) =>
        expect(threads).toEqual([
          expect.objectContaining({
            annotationId: 'pinned',
            location: { x: 10, y: 20 },
            comments: [expect.objectContaining({ commentText: 'look here' })],
          }),
        ]),
      );
      await act(() => bob.result.current.reply('pinned', { commentText: 'seen' }));
      await waitFor(
        () =>
          expect(ann.result.current.threads[0].comments.map((comment) => comment.commentText)).toEqual([
            'look here',
            'seen',
          ]),
        wait,
      );
      await act(() => ann.result.current.edit('pinned', 1, { commentText: 'look here, please' }));
      await bobSees((threads) => expect(threads[0].comments[0].commentText).toBe('look here, please'));

      await act(() => ann.result.current.react(ann.result.current.threads[0], 2, '👍'));
      await bobSees((threads) =>
        expect(
          threads[0].comments[1].reactionAnnotations?.map(({ icon, fromUsers }) => [
            icon,
            fromUsers.map(({ from }) => from.userId),
          ]),
        ).toEqual([['👍', ['ann']]]),
      );
      // The same call again takes her reaction back.
      await waitFor(() => expect(ann.result.current.threads[0].comments[1].reactionAnnotations).toHaveLength(1), wait);
      await act(() => ann.result.current.react(ann.result.current.threads[0], 2, '👍'));
      await bobSees((threads) => expect(threads[0].comments[1].reactionAnnotations ?? []).toEqual([]));

      await act(() =>
        ann.result.current.status('pinned', { status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' } }),
      );
      await bobSees((threads) => expect(threads[0].status).toMatchObject({ id: 'RESOLVED', type: 'terminal' }));
      await act(() => ann.result.current.remove((thread as Thread).annotationId));
      await bobSees((threads) => expect(threads).toEqual([]));
    },
    LONG,
  );

  it(
    'the inbox: a mention raises the mentioned user’s unread count and list live, and marking it read clears the count',
    async () => {
      const ann = await render('ann', () => ({ create: useCreateThread(), document: useDocument() }));
      // Cat has no notifications yet: her count starts at 0.
      const cat = await render('cat', () => ({
        notifications: useNotifications(),
        unread: useUnreadCount(),
        markRead: useMarkRead(),
        document: useDocument(),
      }));
      await waitFor(
        () =>
          expect([ann.result.current.document.status, cat.result.current.document.status]).toEqual([
            'entered',
            'entered',
          ]),
        wait,
      );
      expect(cat.result.current.unread).toBe(0);
      await act(() =>
        ann.result.current.create({
          comment: {
            commentText: '@CAT have a look',
            taggedUserContacts: [{ userId: 'cat', contact: { userId: 'cat', name: 'CAT', email: 'cat@example.com' } }],
          },
        }),
      );
      await waitFor(() => expect(cat.result.current.unread).toBe(1), wait);
      const unread = cat.result.current.notifications.filter((notification) => notification.isUnread !== false);
      expect(unread).toHaveLength(1);
      await act(() => cat.result.current.markRead(unread.map((notification) => notification.id)));
      expect(cat.result.current.unread).toBe(0);
      // A fresh connection reads the count from the server: the read stuck.
      const again = await render('cat', () => useUnreadCount());
      await waitFor(() => expect(again.result.current).toBe(0), wait);
    },
    LONG,
  );

  it(
    'a refused document says why: useDocument().error, an operation’s rejection, and one console warning naming the fix',
    async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const renderFor = async () =>
          renderHook(() => ({ document: useDocument(), create: useCreateThread() }), {
            wrapper: await wrapperFor('ann', 'doc-restricted'),
          });
        const first = await renderFor();
        unmounts.push(first.unmount);
        await waitFor(() => expect(first.result.current.document.status).toBe('refused'), wait);
        expect(first.result.current.document.error?.status).toBe('PERMISSION_DENIED');
        expect(first.result.current.document.error?.message).toMatch(/.+/);
        await expect(first.result.current.create({ comment: { commentText: 'hi' } })).rejects.toThrow(
          `This document refused you: ${first.result.current.document.error?.message}`,
        );
        const second = await renderFor();
        unmounts.push(second.unmount);
        await waitFor(() => expect(second.result.current.document.status).toBe('refused'), wait);
        const warnings = warn.mock.calls
          .map(([message]) => String(message))
          .filter((message) => message.startsWith('[collab]'));
        expect(warnings).toEqual([expect.stringContaining('"doc-restricted"')]);
        expect(warnings[0]).toContain('PERMISSION_DENIED');
        expect(warnings[0]).toContain('To fix: give the user access');
      } finally {
        warn.mockRestore();
      }
    },
    LONG,
  );

  it(
    'useSharedDoc: two users’ Yjs documents for the same editor converge through /collab',
    async () => {
      const ann = await render('ann', () => useSharedDoc('notes'));
      const bob = await render('bob', () => useSharedDoc('notes'));
      await waitFor(() => expect(ann.result.current && bob.result.current).toBeTruthy(), wait);
      await waitFor(() => expect(bob.result.current?.provider.isSynced).toBe(true), wait);
      act(() => ann.result.current?.doc.getText('content').insert(0, 'hello from ann'));
      await waitFor(() => expect(bob.result.current?.doc.getText('content').toJSON()).toBe('hello from ann'), wait);
    },
    LONG,
  );
});
