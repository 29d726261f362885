import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { findBrowser } from '../scripts/browser.cjs';
import { eventually } from './support/eventually';
import { apiKeyHeaders, createWorkspace, Credentials, post, workspaceHeaders } from './support/http-client';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { SmtpReceiver } from './support/smtp-receiver';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { WebhookReceiver } from './support/webhook-receiver';

const OUTPUT = join(__dirname, '../test-output/console');
const IMAGES = join(__dirname, '../docs/images');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-sync',
];
const ENV = {
  // Every attempt counts toward the sign-in limit; this suite signs in more often than an operator would.
  CONSOLE_SIGN_IN_LIMIT: '1000',
  // A revoked token or rotated key is refused at once, so the suite can check it without waiting out a cache.
  AUTH_CACHE_TTL_MS: '0',
  // One retry 200 ms after the first attempt, then failed: a delivery to a failing receiver settles fast.
  WEBHOOK_RETRY_SCHEDULE_MS: '200',
  WEBHOOK_SWEEP_INTERVAL_MS: '500',
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_SWEEP_INTERVAL_MS: '1000',
  USER_DATA_SWEEP_INTERVAL_MS: '500',
};
const WAIT = { timeout: 15_000 };

interface Delivery {
  id: string;
  status: string;
}

/**
 * The operator console in real Chromium against a real API, worker, webhook receiver and SMTP server,
 * with two workspaces: sign-in both ways, keys, webhooks with the delivery log, the data browser, erasure,
 * workflows, the refusals (CSRF, spent links, the other workspace), axe and the keyboard on every screen.
 */
describe('operator console in Chromium', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess;
  let browser: Browser;
  let smtp: SmtpReceiver;
  let receiver: WebhookReceiver;
  let acme: Credentials;
  let other: Credentials;
  let operator: Page;
  const cspViolations: string[] = [];

  const asAcme = <T = unknown>(path: string, data: unknown) => post<T>(api.url, path, data, apiKeyHeaders(acme));
  const shot = async (page: Page, name: string, docsName?: string) => {
    const path = join(OUTPUT, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    if (docsName) copyFileSync(path, join(IMAGES, docsName));
  };

  async function openConsole(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${api.url}/console/`);
    return { context, page };
  }

  async function signIn(credentials: Credentials): Promise<Page> {
    const { page } = await openConsole();
    await page.getByLabel('Workspace id').fill(credentials.workspaceId);
    await page.getByLabel('Workspace auth token').fill(credentials.workspaceToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    return page;
  }

  /** Presses Tab until the focused element is the control named `name`; a keyboard user's way there. */
  async function tabTo(page: Page, role: 'link' | 'button' | 'textbox' | 'combobox', name: string): Promise<void> {
    const target = page.getByRole(role, { name, exact: true });
    for (let presses = 0; presses < 200; presses++) {
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${role} "${name}"`);
  }

  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

  /** No serious or critical axe violation on the page as it is. Evaluated by the driver: the page's CSP refuses inline scripts, axe's too. */
  async function axe(page: Page, state: string): Promise<void> {
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document);
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
    expect({ state, violations }).toEqual({ state, violations: [] });
  }

  /** Opens a screen from the navigation by keyboard alone: Tab to its link, Enter, and its heading has focus. */
  async function openByKeyboard(page: Page, screen: string): Promise<void> {
    await page.locator('body').focus();
    await tabTo(page, 'link', screen);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: screen });
    await heading.waitFor(WAIT);
    await eventually(async () =>
      expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true),
    );
  }

  async function deliveries(filter: Record<string, unknown>): Promise<Delivery[]> {
    const listed = await asAcme<Delivery[]>('/v2/workspace/webhooks/deliveries/get', filter);
    return listed.body.result.data;
  }

  beforeAll(async () => {
    const found = findBrowser();
    if ('error' in found) throw Object.assign(new Error(found.error), { stack: found.error });
    mkdirSync(OUTPUT, { recursive: true });
    world = await createTestEnvironment();
    [smtp, receiver] = await Promise.all([SmtpReceiver.start(), WebhookReceiver.start()]);
    // One after the other: on a loaded machine two boots at once can each miss the health deadline.
    api = await startApi(world.env, ENV);
    worker = await startWorker(world.env, ENV);
    browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
    [acme, other] = await Promise.all([
      createWorkspace(api.url, 'owner-acme@example.com'),
      createWorkspace(api.url, 'owner-other@example.com'),
    ]);
    const seed = async (path: string, data: unknown, as = acme) => {
      const response = await post(api.url, path, data, apiKeyHeaders(as));
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
    };
    await seed('/v2/organizations/add', { organizations: [{ organizationId: 'acme', organizationName: 'Acme Corp' }] });
    await seed('/v2/organizations/folders/add', {
      organizationId: 'acme',
      folders: [{ folderId: 'specs', folderName: 'Specs' }],
    });
    await seed('/v2/organizations/documents/add', {
      organizationId: 'acme',
      folderId: 'specs',
      documents: [
        { documentId: 'roadmap', documentName: 'Roadmap 2027', accessType: 'restricted' },
        { documentId: 'notes', documentName: 'Meeting notes' },
      ],
    });
    await seed('/v2/users/add', {
      organizationId: 'acme',
      users: [
        { userId: 'ann', name: 'Ann', email: 'ann@example.com', accessRole: 'editor' },
        { userId: 'bob', name: 'Bob', email: 'bob@example.com', accessRole: 'viewer' },
      ],
    });
    await seed('/v2/auth/permissions/add', {
      userId: 'bob',
      permissions: { resources: [{ type: 'folder', id: 'specs', organizationId: 'acme', accessRole: 'editor' }] },
    });
    await seed('/v2/commentannotations/add', {
      organizationId: 'acme',
      documentId: 'roadmap',
      commentAnnotations: [
        {
          annotationId: 'launch',
          commentData: [{ commentText: 'Is the launch date final?', from: { userId: 'ann' } }],
        },
      ],
    });
    const doc = { organizationId: 'acme', documentId: 'roadmap', editorId: 'body' };
    await seed('/v2/crdt/add', { ...doc, data: 'Ship in spring.', type: 'text' });
    await seed('/v2/crdt/versions/save', { ...doc, versionName: 'First draft', userId: 'ann' });
    await seed('/v2/crdt/update', { ...doc, data: 'Ship in early summer.', type: 'text' });
    await seed('/v2/workflow/definitions/create', {
      definitionId: 'launch-review',
      name: 'Launch review',
      nodes: [
        { nodeId: 'legal', type: 'human', config: { reviewerIds: ['ann'] } },
        {
          nodeId: 'announce',
          type: 'notification',
          config: { channel: 'email', recipients: ['ann'], bodyTemplate: 'go' },
        },
      ],
      edges: [{ from: 'legal', to: 'announce', on: 'reject' }],
    });
    await seed('/v2/workflow/executions/dispatch', { definitionId: 'launch-review', idempotencyKey: 'launch-1' });
    await seed(
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'other-org', organizationName: 'Other Inc' }] },
      other,
    );
    await seed('/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: {
        type: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        fromEmail: 'console@example.com',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([api?.stop(), worker?.stop(), receiver?.down(), smtp?.stop()]);
    await world?.dispose();
  });

  it('serves the page with a strict Content-Security-Policy and no inline script, and signs in with the workspace credentials', async () => {
    const page = await fetch(`${api.url}/console/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const { page: signInPage } = await openConsole();
    await signInPage.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor(WAIT);
    await axe(signInPage, 'sign-in');
    await shot(signInPage, '0-sign-in');
    await signInPage.getByLabel('Workspace id').fill(acme.workspaceId);
    await signInPage.getByLabel('Workspace auth token').fill('not-the-token');
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.getByText('UNAUTHENTICATED: Unknown workspace id or wrong auth token.').waitFor(WAIT);
    await signInPage.context().close();

    operator = await signIn(acme);
    const cookie = (await operator.context().cookies()).find((candidate) => candidate.name === 'svc_console');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await operator.evaluate(() => document.cookie)).not.toContain('svc_console');
    await operator.getByText('Organizations', { exact: true }).waitFor(WAIT);
    await eventually(
      async () => expect(await operator.locator('.figure', { hasText: 'Documents' }).textContent()).toBe('Documents2'),
      {
        timeoutMs: 10_000,
        intervalMs: 500,
      },
    );
    await axe(operator, 'overview');
    await shot(operator, '1-overview', 'console-overview.png');
  }, 90_000);

  it('keys, by keyboard: creates a key, adds a domain and rotates the tokens; each change is audited with who made it', async () => {
    await openByKeyboard(operator, 'Keys');
    await tabTo(operator, 'textbox', "New key's name");
    await operator.keyboard.type('Staging');
    await operator.keyboard.press('Enter');
    await operator.getByText(/^API key \S+ created\.$/).waitFor(WAIT);
    const secret = await operator
      .getByRole('region', { name: /^Auth token of/ })
      .locator('code')
      .textContent();
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const keys = await post<Array<{ apiKeyName: string }>>(
      api.url,
      '/v2/workspace/apikeys/get',
      {},
      workspaceHeaders(acme),
    );
    expect(keys.body.result.data.map((key) => key.apiKeyName)).toContain('Staging');

    await tabTo(operator, 'textbox', 'Domain to allow');
    await operator.keyboard.type('app.acme.test');
    await operator.keyboard.press('Enter');
    await operator.getByRole('cell', { name: 'app.acme.test', exact: true }).waitFor(WAIT);
    const domains = await asAcme<{ allowedDomains: string[] }>('/v2/workspace/domains/get', {});
    expect(domains.body.result.data.allowedDomains).toEqual(['app.acme.test']);

    const before = acme.authToken;
    await operator.getByRole('button', { name: 'Rotate: replace every token of the key with one new token' }).click();
    const rotated = await operator
      .getByRole('region', { name: "The key's only auth token now" })
      .locator('code')
      .textContent();
    expect((await asAcme('/v2/workspace/domains/get', {})).status).toBe(401);
    acme.authToken = rotated!;
    expect((await asAcme('/v2/workspace/domains/get', {})).status).toBe(200);
    expect(rotated).not.toBe(before);
    await axe(operator, 'keys');
    await shot(operator, '2-keys');

    const audit = await eventually(async () => {
      const listed = await post<Array<{ action: string; actor: string | null; details: { route?: string } | null }>>(
        api.url,
        '/v2/workspace/auditlog/get',
        { action: 'console.change' },
        workspaceHeaders(acme),
      );
      const routes = listed.body.result.data.map((event) => event.details?.route);
      expect(routes).toEqual(
        expect.arrayContaining([
          '/v2/workspace/apikey/create',
          '/v2/workspace/domains/add',
          '/v2/workspace/authtoken/reset',
        ]),
      );
      return listed.body.result.data;
    });
    expect(new Set(audit.map((event) => event.actor))).toEqual(new Set(['console:workspace token']));
  }, 90_000);

  it('webhooks: a failing endpoint, its failed deliveries with the response, one retried and the rest recovered since a date, each arriving once and verified', async () => {
    const startedAt = new Date(Date.now() - 60_000);
    const accepted: number[] = [];
    receiver.reply = (_request, index) => ({ status: 500, body: `receiver is down (${index})` });
    await openByKeyboard(operator, 'Webhooks');
    await operator.getByRole('checkbox', { name: 'Advanced webhooks on' }).check();
    await operator.getByRole('button', { name: 'Save advanced webhooks' }).click();
    await operator.getByText('Advanced webhooks: saved.').waitFor(WAIT);
    await operator.getByLabel('Endpoint URL').fill(receiver.url('/hook'));
    await operator.getByLabel('Event types, comma-separated (empty: every event)').fill('comment.add');
    await operator.getByRole('button', { name: 'Create endpoint' }).click();
    await operator.getByRole('cell', { name: receiver.url('/hook'), exact: true }).waitFor(WAIT);

    for (const text of ['Spring is too early', 'Summer works', 'Agreed']) {
      const added = await asAcme('/v2/commentannotations/comments/add', {
        organizationId: 'acme',
        documentId: 'roadmap',
        annotationId: 'launch',
        commentData: [{ commentText: text, from: { userId: 'ann' } }],
        triggerNotification: true,
      });
      expect(added.status).toBe(200);
    }
    const failed = await eventually(
      async () => {
        const rows = await deliveries({ status: 'failed' });
        expect(rows).toHaveLength(3);
        return rows;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );

    await operator.getByLabel('Status').selectOption('failed');
    await operator.getByRole('button', { name: 'Refresh the log' }).click();
    await eventually(async () => expect(await operator.getByRole('button', { name: /^Attempts of / }).count()).toBe(3));
    const first = failed[failed.length - 1].id;
    await operator.getByRole('button', { name: `Attempts of ${first}` }).click();
    const attempts = operator.getByRole('region', { name: `Attempts of ${first}` });
    await attempts.getByText('HTTP 500').first().waitFor(WAIT);
    expect(await attempts.textContent()).toContain('receiver is down');
    expect(await attempts.getByRole('listitem').count()).toBe(2);
    await axe(operator, 'webhooks');
    await shot(operator, '3-webhooks-failed', 'console-webhooks.png');

    receiver.reply = (_request, index) => {
      accepted.push(index);
      return { status: 200 };
    };
    await operator.getByRole('button', { name: `Retry ${first}` }).click();
    await eventually(
      async () => expect((await deliveries({ status: 'succeeded' })).map((row) => row.id)).toEqual([first]),
      {
        timeoutMs: 15_000,
        intervalMs: 250,
      },
    );
    await operator.getByLabel('Recover every failed delivery since').fill(startedAt.toISOString().slice(0, 16));
    await operator.getByRole('button', { name: 'Recover failed deliveries' }).click();
    await operator.getByText('2 failed deliveries queued again.').waitFor(WAIT);
    await eventually(async () => expect(await deliveries({ status: 'succeeded' })).toHaveLength(3), {
      timeoutMs: 15_000,
      intervalMs: 250,
    });

    const endpoints = await asAcme<{ endpoints: Array<{ id: string }> }>(
      '/v2/workspace/advancedwebhook/endpoints/get',
      {},
    );
    const secret = await asAcme<{ secret: string }>('/v2/workspace/advancedwebhook/endpoints/secret/get', {
      endpointId: endpoints.body.result.data.endpoints[0].id,
    });
    const verifier = new Webhook(secret.body.result.data.secret);
    const arrived = accepted.map((index) => {
      const { headers, body } = receiver.received[index];
      const flat = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
      verifier.verify(body, flat);
      return flat['webhook-id'];
    });
    expect(arrived.sort()).toEqual(failed.map((row) => row.id).sort());

    await operator.getByRole('button', { name: `Send a test event to ${receiver.url('/hook')}` }).click();
    await operator.getByText(`Test event sent to ${receiver.url('/hook')}.`).waitFor(WAIT);
    await eventually(
      async () => expect((await deliveries({ event: 'webhook.test', status: 'succeeded' })).length).toBe(1),
      {
        timeoutMs: 15_000,
        intervalMs: 250,
      },
    );
  }, 120_000);

  it('data: browses organization, folder and document, who has access and why, the thread, and a version diff', async () => {
    await openByKeyboard(operator, 'Data');
    await axe(operator, 'data: organizations');
    await operator.getByLabel('Search organizations: starts with').fill('acm');
    await operator.getByRole('button', { name: 'Search' }).click();
    await operator.getByRole('link', { name: 'Acme Corp' }).click();
    await operator.getByRole('heading', { level: 1, name: 'Organization acme' }).waitFor(WAIT);
    await operator.getByRole('link', { name: 'Specs' }).click();
    await operator.getByRole('heading', { level: 1, name: 'Folder specs' }).waitFor(WAIT);
    await operator.getByRole('link', { name: 'Roadmap 2027' }).click();
    await operator.getByRole('heading', { level: 1, name: 'Document roadmap' }).waitFor(WAIT);
    const users = operator.getByRole('table', { name: 'Users' });
    await users
      .getByRole('row', { name: /Bob \(bob\) editor a grant on a folder above it \(folder specs\)/ })
      .waitFor(WAIT);
    await users.getByRole('row', { name: /Ann \(ann\) no access restricted/ }).waitFor(WAIT);
    await operator.getByRole('article', { name: 'Thread launch' }).getByText('Is the launch date final?').waitFor(WAIT);
    await axe(operator, 'data: document');
    await shot(operator, '4-document', 'console-document.png');

    await operator.getByRole('button', { name: 'Diff from First draft to now' }).click();
    const diff = operator.getByRole('region', { name: 'Changes since First draft' });
    await diff.waitFor(WAIT);
    expect(await diff.locator('del').allTextContents()).not.toEqual([]);
    expect((await diff.locator('ins').allTextContents()).join('')).toContain('summer');
    await axe(operator, 'data: diff');
    await shot(operator, '5-diff');
  }, 90_000);

  it('erases a user after the typed confirmation, and shows the erasure to its end', async () => {
    await operator.goto(`${api.url}/console/#/data/org/acme/user/bob`);
    await operator.getByRole('heading', { level: 1, name: 'User bob' }).waitFor(WAIT);
    await operator.getByRole('table', { name: 'Documents the user holds a grant on' }).waitFor(WAIT);
    const erase = operator.getByRole('button', { name: 'Erase bob' });
    expect(await erase.isDisabled()).toBe(true);
    await operator.getByLabel('Type bob to confirm').fill('bo');
    expect(await erase.isDisabled()).toBe(true);
    await operator.getByLabel('Type bob to confirm').fill('bob');
    await erase.click();
    await operator.getByText('Erasure completed.').waitFor({ timeout: 30_000 });
    const left = await asAcme<Array<unknown>>('/v2/users/get', { organizationId: 'acme', userIds: ['bob'] });
    expect(left.body.result.data).toEqual([]);
    await axe(operator, 'data: user');
    await shot(operator, '6-user-erased');
  }, 60_000);

  it('activity and workflows: the audit log, then an execution waiting on its reviewer, cancelled', async () => {
    await openByKeyboard(operator, 'Activity');
    await operator
      .getByRole('table', { name: 'Audit events, newest first' })
      .getByText('console.change')
      .first()
      .waitFor(WAIT);
    await axe(operator, 'activity');
    await shot(operator, '7-activity');

    await openByKeyboard(operator, 'Workflows');
    await operator.getByRole('link', { name: 'launch-review' }).click();
    await operator
      .getByRole('list', { name: 'Graph of launch-review' })
      .getByText('on reject → announce')
      .waitFor(WAIT);
    await axe(operator, 'workflows: definition');
    await operator.goBack();
    const execution = operator.getByRole('table', { name: 'Executions, newest first' }).getByRole('link').first();
    await execution.click();
    await operator.getByText(/waits on reviewers ann/).waitFor(WAIT);
    await axe(operator, 'workflows: execution');
    await operator.getByRole('button', { name: 'Cancel the execution' }).click();
    await operator.locator('[data-status=cancelled]').first().waitFor(WAIT);
    await shot(operator, '8-workflow-cancelled', 'console-workflow.png');
  }, 60_000);

  it('refuses a request without the CSRF token (403) and never shows another workspace', async () => {
    const noToken = await operator.evaluate(async () => {
      const response = await fetch('/v2/workspace/apikeys/get', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      return { status: response.status, body: (await response.json()) as { error: { status: string } } };
    });
    expect(noToken).toEqual({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED', message: 'Missing or invalid x-svc-csrf-token header.' } },
    });

    const otherPage = await signIn(other);
    await openByKeyboard(otherPage, 'Data');
    await otherPage.getByRole('link', { name: 'Other Inc' }).waitFor(WAIT);
    expect(await otherPage.getByRole('link', { name: 'Acme Corp' }).count()).toBe(0);
    const crossed = await otherPage.evaluate(
      async ({ apiKey, workspaceId }) => {
        const session = (await (
          await fetch('/v2/workspace/console/session/get', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"data":{}}',
          })
        ).json()) as { result: { data: { csrfToken: string } } };
        const headers = { 'content-type': 'application/json', 'x-svc-csrf-token': session.result.data.csrfToken };
        const byKey = await fetch('/v2/organizations/get', {
          method: 'POST',
          headers: { ...headers, 'x-svc-api-key': apiKey },
          body: '{"data":{}}',
        });
        const byWorkspace = await fetch('/v2/workspace/apikeys/get', {
          method: 'POST',
          headers: { ...headers, 'x-svc-workspace-id': workspaceId },
          body: '{"data":{}}',
        });
        return [byKey.status, byWorkspace.status];
      },
      { apiKey: acme.apiKey, workspaceId: acme.workspaceId },
    );
    expect(crossed).toEqual([401, 403]);
    await otherPage.context().close();
  }, 60_000);

  it('signs in with the e-mailed link once; a used or expired link is refused (401); rotating the workspace token ends every session', async () => {
    const { page } = await openConsole();
    await page.getByLabel("Owner's e-mail address").fill('owner-acme@example.com');
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await page.getByText(/a sign-in link is on its way/).waitFor(WAIT);
    const mailsAfter = (count: number) =>
      eventually(
        () => {
          const received = smtp.to('owner-acme@example.com');
          expect(received).toHaveLength(count);
          return received;
        },
        { timeoutMs: 20_000, intervalMs: 250 },
      );
    // The worker may deliver two e-mails in either order: the second is asked for once the first has arrived.
    await mailsAfter(1);
    const unknown = await post(api.url, '/v2/workspace/email/send-login-link', {
      email: 'nobody@example.com',
      continueUrl: `${api.url}/console/`,
    });
    const known = await post(api.url, '/v2/workspace/email/send-login-link', {
      email: 'owner-acme@example.com',
      continueUrl: `${api.url}/console/#/webhooks`,
    });
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const mails = await mailsAfter(2);
    const linkOf = (index: number) => /http:\/\/\S+\/console\/#\/link\/[\w-]+/.exec(mails[index].parsed.text ?? '')![0];

    const spend = async (link: string) => {
      const { context, page: linkPage } = await openConsole();
      const answer = linkPage.waitForResponse((response) =>
        response.url().endsWith('/v2/workspace/console/signin/link'),
      );
      await linkPage.goto(link);
      return { context, page: linkPage, status: (await answer).status() };
    };
    const viaLink = await spend(linkOf(0));
    expect(viaLink.status).toBe(200);
    await viaLink.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    await viaLink.page.getByText('owner-acme@example.com').waitFor(WAIT);
    const used = await spend(linkOf(0));
    expect(used.status).toBe(401);
    await used.page
      .getByRole('alert')
      .getByText(/invalid, already used or expired/)
      .waitFor(WAIT);
    await axe(used.page, 'spent link');
    await used.context.close();
    await world.query("UPDATE console_login_link SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    const expired = await spend(linkOf(1));
    expect(expired.status).toBe(401);
    await expired.context.close();

    await openByKeyboard(operator, 'Keys');
    await operator.getByRole('button', { name: 'Rotate the workspace token' }).click();
    const token = await operator
      .getByRole('region', { name: 'New workspace auth token' })
      .locator('code')
      .textContent();
    expect(token).toMatch(/^[\w-]{40,}$/);
    for (const page of [operator, viaLink.page]) {
      await page.goto(`${api.url}/console/#/overview`);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor(WAIT);
    }
    const signedIn = await post(api.url, '/v2/workspace/console/signin', {
      workspaceId: acme.workspaceId,
      authToken: token,
    });
    expect(signedIn.status).toBe(200);
    expect(cspViolations).toEqual([]);
  }, 120_000);
});
