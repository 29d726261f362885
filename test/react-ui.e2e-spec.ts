/**
 * @jest-environment ./test/support/jsdom-node-environment.ts
 */
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { createElement, type ReactNode } from 'react';
import { CollabProvider, DocumentProvider, useCreateThread, useThreads } from '../packages/react/src';
import { AvatarStack, CommentPin, Composer, Cursors, NotificationInbox, Thread } from '../packages/react-ui/src';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { userToken } from './support/realtime-client';
import { seedDocument, seedEditors } from './support/seed';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

const LONG = 120_000;
const doc = { organizationId: 'org-ui', documentId: 'doc-ui' };
const wait = { timeout: 10_000 };

/** One user's part of the page: their own connection, entered into the document, the components below. */
function Page({ children }: { children: ReactNode }) {
  return createElement(DocumentProvider, { documentId: doc.documentId }, children);
}

function Discussion() {
  const threads = useThreads();
  const create = useCreateThread();
  return createElement(
    'div',
    null,
    createElement(AvatarStack),
    createElement(NotificationInbox),
    createElement(Composer, {
      label: 'New comment',
      onSubmit: (comment) => create({ comment, location: { x: 40, y: 60 } }),
    }),
    ...threads.map((thread) => createElement(Thread, { key: thread.annotationId, thread })),
    createElement(
      Cursors,
      { className: 'test-area' },
      createElement('p', { id: 'ui-anchor' }, 'A paragraph a thread is anchored to'),
      ...threads.map((thread) => createElement(CommentPin, { key: `pin-${thread.annotationId}`, thread })),
    ),
  );
}

/** The React components of @collab-backend/react-ui, rendered in jsdom for two users against a real API and worker. */
describe('@collab-backend/react-ui components against a real API', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let owner: Credentials;

  async function mount(userId: string) {
    const { apiKey, token } = await userToken(api.url, owner, userId, {
      name: userId.toUpperCase(),
      email: `${userId}@example.com`,
    });
    const tree = createElement(
      CollabProvider,
      { url: api.url, apiKey, token, userId, organizationId: doc.organizationId },
      createElement(Page, null, createElement(Discussion)),
    );
    const { container, unmount } = render(tree);
    return { view: within(container), container, unmount };
  }

  beforeAll(async () => {
    world = await createTestEnvironment();
    [api, worker] = await Promise.all([startApi(world.env), startWorker(world.env)]);
    owner = await createWorkspace(api.url);
    await seedDocument(world, owner.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, owner, doc.organizationId, ['ann', 'bob']);
  }, LONG);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await world?.dispose();
  }, LONG);

  it(
    'two users: avatars, a mention picked from the keyboard alone, the thread and its pin on both, the inbox item with its time and document and the badge cleared by marking all read, a reaction from the picker and a resolve on both, the thread menu, a refused reply keeping its text, a cursor drawn in the other, and no serious axe violation',
    async () => {
      const ann = await mount('ann');
      const bob = await mount('bob');
      await waitFor(() => expect(ann.view.getByRole('list', { name: '2 here now' })).toBeTruthy(), wait);
      expect(ann.view.getByText('ANN (you)')).toBeTruthy();
      expect(ann.view.getByText('BOB')).toBeTruthy();

      // The composer's mention list, from the keyboard: type "@b", Arrow down to bob, Enter picks, Enter sends.
      const input = ann.view.getByRole('combobox', { name: 'New comment' });
      input.focus();
      fireEvent.change(input, { target: { value: 'Look, @b' } });
      const options = await waitFor(() => {
        const found = ann.view.getAllByRole('option');
        expect(found.map((option) => option.textContent)).toContain('bob');
        return found;
      }, wait);
      expect(input.getAttribute('aria-expanded')).toBe('true');
      const bobIndex = options.findIndex((option) => option.textContent === 'bob');
      for (let step = 0; step < bobIndex; step++) fireEvent.keyDown(input, { key: 'ArrowDown' });
      expect(input.getAttribute('aria-activedescendant')).toBe(options[bobIndex].id);
      fireEvent.keyDown(input, { key: 'Enter' });
      expect((input as HTMLTextAreaElement).value).toBe('Look, @bob ');
      expect(ann.view.queryByRole('listbox')).toBeNull();
      act(() => void fireEvent.keyDown(input, { key: 'Enter' }));

      // The thread, and its pin, show on both pages; the mention raises bob's unread badge.
      for (const page of [ann, bob])
        await waitFor(
          () => expect(page.view.getByRole('article', { name: 'Thread by ANN' }).textContent).toContain('Look, @bob'),
          wait,
        );
      expect(bob.view.getAllByRole('button', { name: /^Comment by ANN, 1 in thread/ })).toHaveLength(1);
      const badge = await waitFor(() => bob.view.getByRole('button', { name: 'Notifications, 1 unread' }), wait);
      expect(ann.view.getByRole('button', { name: 'Notifications' })).toBeTruthy();
      fireEvent.click(badge);
      const inbox = await waitFor(
        () => within(document.body).getByRole('dialog', { name: 'Notifications, 1 unread' }),
        wait,
      );
      const item = within(inbox).getByRole('button', { name: /ANN mentioned you/ });
      expect(item.dataset.unread).toBe('true');
      expect(item.textContent).toContain(`in ${doc.documentId}`);
      expect(item.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      fireEvent.click(within(inbox).getByRole('button', { name: 'Mark all as read' }));
      await waitFor(() => expect(bob.view.getByRole('button', { name: 'Notifications' })).toBeTruthy(), wait);
      expect(bob.container.querySelector('.collab-badge')).toBeNull();
      fireEvent.keyDown(inbox, { key: 'Escape' });

      // The thread card: the author's name and a time with the exact one in `datetime`.
      const annThread = () => within(ann.view.getByRole('article', { name: 'Thread by ANN' }));
      const bobThread = within(bob.view.getByRole('article', { name: 'Thread by ANN' }));
      expect(bobThread.getByText('ANN', { selector: '.collab-comment-author' })).toBeTruthy();
      expect(bobThread.getByText('just now').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

      // Bob reacts from the picker, and resolves; ann's page shows both.
      fireEvent.click(bobThread.getByRole('button', { name: 'Add reaction' }));
      fireEvent.click(await waitFor(() => bobThread.getByRole('menuitem', { name: 'thumbs up' }), wait));
      await waitFor(
        () =>
          expect(annThread().getByRole('button', { name: 'thumbs up, 1 so far' }).getAttribute('aria-pressed')).toBe(
            'false',
          ),
        wait,
      );
      await waitFor(
        () =>
          expect(bobThread.getByRole('button', { name: 'thumbs up, 1 so far' }).getAttribute('aria-pressed')).toBe(
            'true',
          ),
        wait,
      );
      fireEvent.click(bobThread.getByRole('button', { name: 'Resolve' }));
      await waitFor(
        () => expect(ann.view.getByRole('article', { name: 'Thread by ANN' }).dataset.resolved).toBe('true'),
        wait,
      );
      expect(annThread().getByRole('button', { name: 'Reopen' }).getAttribute('aria-pressed')).toBe('true');
      expect(annThread().getByText('Resolved')).toBeTruthy();
      // The author follows her thread; bob subscribes to it from the thread's menu, which then offers to unsubscribe.
      const openMenu = (article: HTMLElement) => {
        fireEvent.click(within(article).getByRole('button', { name: 'More actions' }));
        return () =>
          within(article)
            .getAllByRole('menuitem')
            .map((item) => item.textContent);
      };
      const annMenu = openMenu(ann.view.getByRole('article', { name: 'Thread by ANN' }));
      await waitFor(() => expect(annMenu()).toEqual(['Unsubscribe', 'Edit', 'Delete thread']), wait);
      const bobArticle = bob.view.getByRole('article', { name: 'Thread by ANN' });
      openMenu(bobArticle);
      fireEvent.click(await waitFor(() => bobThread.getByRole('menuitem', { name: 'Subscribe' }), wait));
      const bobMenu = openMenu(bobArticle);
      await waitFor(() => expect(bobMenu()).toEqual(['Unsubscribe']), wait);

      // A refused reply keeps its text and says why under it.
      const replyBox = bobThread.getByRole('combobox', { name: 'Reply' });
      fireEvent.change(replyBox, { target: { value: 'x'.repeat(70_000) } });
      act(() => void fireEvent.keyDown(replyBox, { key: 'Enter' }));
      const refusal = await waitFor(() => bobThread.getByRole('alert'), wait);
      expect(refusal.textContent).toMatch(/^Not sent: .+/);
      expect((replyBox as HTMLTextAreaElement).value).toHaveLength(70_000);
      expect(replyBox.getAttribute('aria-invalid')).toBe('true');

      // Bob's pointer over the shared area is drawn in ann's, with his name (jsdom lays nothing out: the area is at 0, 0;
      // it has no PointerEvent either, so the pointermove is a MouseEvent).
      fireEvent(
        bob.container.querySelector('.test-area') as Element,
        new MouseEvent('pointermove', { bubbles: true, clientX: 120, clientY: 45 }),
      );
      const cursor = await waitFor(() => {
        const drawn = ann.container.querySelector<HTMLElement>('.collab-cursor[data-user-id=bob]');
        expect([drawn?.dataset.x, drawn?.dataset.y]).toEqual(['120', '45']);
        return drawn as HTMLElement;
      }, wait);
      expect(cursor.textContent).toBe('BOB');
      expect(bob.container.querySelector('.collab-cursor')).toBeNull();

      // A thread anchored to an element (Velt's targetElement.elementId), started over REST, is pinned on both pages.
      const anchored = await post(
        api.url,
        '/v2/commentannotations/add',
        {
          ...doc,
          commentAnnotations: [
            {
              annotationId: 'anchored',
              targetElement: { elementId: 'ui-anchor' },
              commentData: [{ commentText: 'About this paragraph', from: { userId: 'ann' } }],
            },
          ],
        },
        apiKeyHeaders(owner),
      );
      expect(anchored.status).toBe(200);
      for (const page of [ann, bob])
        await waitFor(
          () => expect(page.container.querySelector('.collab-pin[data-annotation-id=anchored]')).not.toBeNull(),
          wait,
        );
      expect(
        ann.container.querySelector('.collab-pin[data-annotation-id=anchored]')?.hasAttribute('data-anchored'),
      ).toBe(true);

      // jsdom does not lay out or paint, so contrast is left to the browser; every other rule runs.
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(
        results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);
      act(() => {
        ann.unmount();
        bob.unmount();
      });
    },
    LONG,
  );
});
