import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Editor } from '@tiptap/core';
import { Browser, Page } from 'playwright-core';
import { CollabClient, createClient } from '../packages/sdk/src';
import { launchChromium, RunningDemo, seriousViolations, startDemo } from './support/demo-page';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';

declare global {
  interface Window {
    /** The demo's notes editor (demo/app/shared-notes.tsx). */
    notes?: Editor;
  }
}

const IMAGES = join(__dirname, '../docs/images');
const WIDE = { width: 1280, height: 860 };
const wait = { timeout: 10_000 };

interface StoredThread {
  annotationId: string;
  context?: { textEditorConfig?: unknown };
  status?: { type?: string };
}

/**
 * The demo's shared notes in Chromium: a Tiptap editor on the document's Yjs document with inline comments, two users in
 * two browser contexts against a real API, worker and demo server.
 */
describe('rich text with inline comments in Chromium', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let demo: RunningDemo;
  let browser: Browser;
  let client: CollabClient;
  let alice: Page;
  let bob: Page;
  let aliceThread: string;
  let bobThread: string;
  /** Uncaught errors of any page, checked at the end. */
  const pageErrors: string[] = [];
  /** A thread's highlighted text in the notes (a caret drawn in it may split it; the last part is clicked). */
  const highlightOf = (page: Page, threadId: string) =>
    page.locator(`#editor [data-thread-id="${threadId}"] .collab-highlight`).last();

  async function open(userId: string, theme = 'light', viewport = WIDE): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    page.on('pageerror', (error) => pageErrors.push(`${userId}: ${error.message}`));
    await page.goto(`${demo.url}/?user=${userId}&theme=${theme}`);
    await page.waitForSelector('body[data-ready=true]', wait);
    await page.waitForSelector('#editor-status[data-state=synced]', wait);
    return page;
  }
  /** Selects the `occurrence`th `text` of the notes (across marks) and focuses the editor, as a drag would. */
  const select = (page: Page, text: string) =>
    page.evaluate((wanted) => {
      const editor = window.notes!;
      const positions: number[] = [];
      let chars = '';
      editor.state.doc.descendants((node, pos) => {
        if (!node.isText) return;
        for (let i = 0; i < node.text!.length; i++) positions.push(pos + i);
        chars += node.text!;
      });
      const at = chars.indexOf(wanted);
      if (at < 0) throw new Error(`"${wanted}" is not in the notes`);
      editor
        .chain()
        .focus()
        .setTextSelection({ from: positions[at], to: positions[at + wanted.length - 1] + 1 })
        .run();
    }, text);
  /** The notes' text drawn highlighted, in document order. */
  const highlighted = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('#editor .ProseMirror')!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.parentElement?.closest('.collab-highlight')) text += node.textContent;
      return text;
    });
  /** The notes' text (without the carets' name labels drawn in it). */
  const notesText = (page: Page) => page.evaluate(() => window.notes!.state.doc.textContent);
  const anchoredThreads = (page: Page) =>
    page.$$eval('.collab-anchored-thread', (cards) => cards.map((card) => card.getAttribute('data-anchored-thread')));
  const until = (page: Page, check: string) => page.waitForFunction(check, undefined, wait);
  const highlightIs = (page: Page, text: string) =>
    page.waitForFunction(
      (wanted) => {
        const root = document.querySelector('#editor .ProseMirror');
        const walker = document.createTreeWalker(root!, NodeFilter.SHOW_TEXT);
        let found = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.parentElement?.closest('.collab-highlight')) found += node.textContent;
        return found === wanted;
      },
      text,
      wait,
    );
  async function comment(page: Page, text: string, body: string): Promise<string> {
    await select(page, text);
    await page.getByRole('button', { name: 'Comment on the selection' }).click();
    const composer = page.getByRole('combobox', { name: 'Comment on the selected text' });
    await composer.fill(body);
    await composer.press('Enter');
    await composer.waitFor({ state: 'detached', ...wait });
    const card = page.locator('.collab-anchored-thread', { hasText: body });
    await card.waitFor(wait);
    return (await card.getAttribute('data-anchored-thread')) as string;
  }
  async function threads(): Promise<StoredThread[]> {
    const answer = await client.commentannotations.get<StoredThread[]>({
      organizationId: demo.sandbox.organizationId,
      documentId: demo.sandbox.documentId,
    });
    return answer.data;
  }

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    world = await createTestEnvironment();
    [api, worker] = await Promise.all([startApi(world.env), startWorker(world.env)]);
    demo = await startDemo(api.url);
    client = createClient({ baseUrl: api.url, apiKey: demo.sandbox.apiKey, authToken: demo.sandbox.authToken });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    demo?.stop();
    await Promise.all([api?.stop(), worker?.stop()]);
    await world?.dispose();
  });

  it('alice comments on a passage: bob sees its highlight and thread, and REST reads its textEditorConfig', async () => {
    [alice, bob] = await Promise.all([open('alice'), open('bob')]);
    await alice.click('#editor .ProseMirror');
    await alice.keyboard.type('The quick brown fox jumps over the lazy dog.');
    await until(bob, "window.notes?.state.doc.textContent === 'The quick brown fox jumps over the lazy dog.'");
    aliceThread = await comment(alice, 'brown fox', 'Is it brown, or more of a red?');
    for (const page of [alice, bob]) {
      await highlightIs(page, 'brown fox');
      await page.locator(`.collab-anchored-thread[data-anchored-thread="${aliceThread}"]`).waitFor(wait);
    }
    expect(await bob.textContent(`[data-anchored-thread="${aliceThread}"]`)).toContain(
      'Is it brown, or more of a red?',
    );
    // Inline threads sit beside their text, not in the sidebar.
    expect(await bob.textContent('#comments')).not.toContain('Is it brown');
    expect((await threads()).find((thread) => thread.annotationId === aliceThread)?.context).toEqual({
      textEditorConfig: { text: 'brown fox', occurrence: 1, editorId: 'notes' },
    });
  });

  it("each user sees the other's named caret in the other's colour", async () => {
    await bob.click('#editor .ProseMirror');
    await bob.keyboard.press('End');
    await alice.click('#editor .ProseMirror');
    await until(
      alice,
      "[...document.querySelectorAll('.collaboration-carets__label')].some((l) => l.textContent === 'Bob')",
    );
    await until(
      bob,
      "[...document.querySelectorAll('.collaboration-carets__label')].some((l) => l.textContent === 'Alice')",
    );
    // The colour of Bob's avatar is the colour of his caret.
    const avatar = await alice.$eval(
      '#presence [data-user-id=bob]',
      (element) => getComputedStyle(element).backgroundColor,
    );
    const caret = await alice.$eval(
      '.collaboration-carets__label',
      (element) => getComputedStyle(element).backgroundColor,
    );
    expect(caret).toBe(avatar);
  });

  it('bob types before the passage: the highlight stays on the same words in both windows', async () => {
    await bob.click('#editor .ProseMirror');
    await bob.evaluate(() => window.notes!.commands.setTextSelection(1));
    await bob.keyboard.type('Look: ');
    for (const page of [alice, bob]) {
      await until(page, "window.notes.state.doc.textContent.startsWith('Look: The quick')");
      expect(await highlighted(page)).toBe('brown fox');
    }
  });

  it('overlapping threads: bob comments on words inside and past alice’s; a click on a highlight opens its thread', async () => {
    bobThread = await comment(bob, 'fox jumps', 'Foxes do not jump like that.');
    for (const page of [alice, bob]) {
      await highlightIs(page, 'brown fox jumps');
      await until(page, `document.querySelectorAll('.collab-anchored-thread').length === 2`);
      expect(await anchoredThreads(page)).toEqual([aliceThread, bobThread]);
    }
    await highlightOf(alice, bobThread).click();
    await alice.waitForSelector(`.collab-anchored-thread[data-active][data-anchored-thread="${bobThread}"]`, wait);
    expect(
      await alice.$$eval('.collab-highlight-active', (parts) => parts.map((part) => part.textContent).join('')),
    ).toContain('jumps');
    await alice.screenshot({ path: join(IMAGES, 'rich-text.png') });
  });

  it('axe finds no serious or critical violation on the editor page with a thread open, in light and in dark', async () => {
    expect(await seriousViolations(alice)).toEqual([]);
    const dark = await open('alice', 'dark');
    await highlightOf(dark, bobThread).click();
    await dark.waitForSelector('.collab-anchored-thread[data-active]', wait);
    expect(await seriousViolations(dark)).toEqual([]);
    await dark.screenshot({ path: join(IMAGES, 'rich-text-dark.png') });
    await dark.context().close();
  });

  it('on a narrow window the thread floats under its text', async () => {
    const narrow = await open('bob', 'light', { width: 760, height: 860 });
    expect(await narrow.$('.collab-anchored-threads')).toBeNull();
    await narrow.locator(`#editor [data-thread-id="${aliceThread}"] .collab-highlight`).first().click();
    const dialog = narrow.getByRole('dialog', { name: 'Thread by Alice' });
    await dialog.waitFor(wait);
    expect(await dialog.textContent()).toContain('Is it brown, or more of a red?');
    expect(await seriousViolations(narrow)).toEqual([]);
    await narrow.screenshot({ path: join(IMAGES, 'rich-text-narrow.png') });
    await narrow.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...wait });
    await narrow.context().close();
  });

  it('resolving hides the highlight in both windows; reopening shows it again', async () => {
    await bob.locator(`[data-anchored-thread="${aliceThread}"]`).getByRole('button', { name: 'Resolve' }).click();
    for (const page of [alice, bob]) {
      await highlightIs(page, 'fox jumps');
      await until(page, `!document.querySelector('[data-anchored-thread="${aliceThread}"]')`);
    }
    // A resolved thread of the notes waits in the sidebar, where it is reopened.
    const resolved = alice.locator(`#comments .collab-thread[data-annotation-id="${aliceThread}"]`);
    await resolved.getByRole('button', { name: 'Reopen' }).click();
    for (const page of [alice, bob]) {
      await highlightIs(page, 'brown fox jumps');
      await page.locator(`[data-anchored-thread="${aliceThread}"]`).waitFor(wait);
    }
    expect((await threads()).find((thread) => thread.annotationId === aliceThread)?.status?.type).not.toBe('terminal');
  });

  it('deleting a thread leaves its mark in the document as an orphan: no highlight, no thread, the text untouched', async () => {
    const card = alice.locator(`[data-anchored-thread="${aliceThread}"]`);
    await card.getByRole('button', { name: 'More actions' }).click();
    await alice.getByRole('menuitem', { name: 'Delete thread' }).click();
    for (const page of [alice, bob]) {
      await highlightIs(page, 'fox jumps');
      await until(page, `!document.querySelector('[data-anchored-thread="${aliceThread}"]')`);
      expect(await page.textContent(`#editor [data-thread-id="${aliceThread}"]`)).toBe('brown fox');
      expect(await notesText(page)).toBe('Look: The quick brown fox jumps over the lazy dog.');
    }
    expect((await threads()).map((thread) => thread.annotationId)).toEqual([bobThread]);
  });

  it('the anchor survives a reload and an API restart', async () => {
    await api.stop();
    api = await startApi(world.env, { PORT: String(api.port) });
    await bob.reload();
    await bob.waitForSelector('#editor-status[data-state=synced]', { timeout: 20_000 });
    await highlightIs(bob, 'fox jumps');
    await bob.locator(`[data-anchored-thread="${bobThread}"]`).waitFor(wait);
    // Alice was not reloaded: her provider reconnects on its own backoff, which doubles up to 30 s.
    await alice.waitForSelector('#editor-status[data-state=synced]', { timeout: 40_000 });
    expect(await highlighted(alice)).toBe('fox jumps');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
