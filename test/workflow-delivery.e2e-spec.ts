import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { createHmac } from 'node:crypto';
import { SmtpReceiver } from './support/smtp-receiver';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 120_000;
const doc = { organizationId: 'org-w', documentId: 'doc-w' };
const FROM = 'workflows@acme.test';
const ENV = {
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_RETRY_DELAY_MS: '200',
  EMAIL_SWEEP_INTERVAL_MS: '1000',
  WORKFLOW_SWEEP_INTERVAL_MS: '500',
  WORKFLOW_RETRY_DELAY_MS: '100',
  WORKFLOW_STEP_MAX_ATTEMPTS: '3',
};
const AGENT_SECRET = 'agent-secret-0123456789';

interface MessageRow {
  recipient_user_id: string;
  recipient_email: string | null;
  reason: string;
  status: string;
  last_error: string | null;
}

/**
 * What review workflows send, by a real worker: e-mails through the e-mail sink to a real SMTP server,
 * in-app notifications, and calls to the API key's agent endpoint.
 */
describe('review workflow deliveries', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | null = null;
  let smtp: SmtpReceiver;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  const rows = (who: Credentials) =>
    world.query<MessageRow>(
      'SELECT recipient_user_id, recipient_email, reason, status, last_error FROM email_message WHERE api_key_id = $1 ORDER BY recipient_user_id, recipient_email',
      [who.apiKey],
    );

  /** A fresh API key with a document, users with the addresses given, and SMTP e-mail to the receiver. */
  async function tenant(addresses: Record<string, string | null>): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, who, doc.organizationId, Object.keys(addresses));
    const users = Object.entries(addresses).flatMap(([userId, email]) => (email ? [{ userId, email }] : []));
    if (users.length > 0)
      expect((await call(who, '/v2/users/update', { organizationId: doc.organizationId, users })).status).toBe(200);
    const configured = await call(who, '/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: {
        type: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        fromEmail: FROM,
        fromCompany: 'Acme',
      },
    });
    expect(configured.status).toBe(200);
    return who;
  }

  async function run(who: Credentials, definition: Record<string, unknown>): Promise<string> {
    const created = await call(who, '/v2/workflow/definitions/create', definition);
    expect(created.body).toMatchObject({ result: expect.anything() as object });
    return dispatch(who, definition.definitionId as string);
  }

  async function dispatch(who: Credentials, definitionId: string): Promise<string> {
    const dispatched = await call<{ executionId: string }>(who, '/v2/workflow/executions/dispatch', {
      definitionId,
      ...doc,
      triggerContext: { title: 'Launch post' },
    });
    expect(dispatched.status).toBe(200);
    return dispatched.body.result.data.executionId;
  }

  async function steps(who: Credentials, executionId: string) {
    const got = await call<{ status: string; steps: Array<{ nodeId: string; status: string; output: object }> }>(
      who,
      '/v2/workflow/executions/get',
      { executionId },
    );
    return got.body.result.data;
  }

  /** The execution once it has completed. */
  function completed(who: Credentials, executionId: string) {
    return eventually(
      async () => {
        const view = await steps(who, executionId);
        if (view.status !== 'completed') throw new Error(view.status);
        return view;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  beforeAll(async () => {
    world = await createTestEnvironment();
    smtp = await SmtpReceiver.start();
    api = await startApi(world.env, ENV);
    worker = await startWorker(world.env, ENV);
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await smtp?.stop();
    await world?.dispose();
  }, LONG);

  it(
    "a notification node e-mails its addresses and users once and puts an in-app notification in its users' inboxes",
    async () => {
      const who = await tenant({ u_cy: 'cy@example.com', u_dee: null });
      const executionId = await run(who, {
        definitionId: 'announce',
        name: 'Announce',
        nodes: [
          {
            nodeId: 'tell',
            type: 'notification',
            config: {
              channel: 'email',
              recipients: ['ops@example.com', 'u_cy', 'u_dee'],
              subjectTemplate: 'Approved: {{execution.triggerContext.title}}',
              bodyTemplate: '{{execution.triggerContext.title}} is approved.',
            },
          },
        ],
        edges: [],
      });
      const done = await completed(who, executionId);
      expect(done.steps[0].output).toMatchObject({
        subject: 'Approved: Launch post',
        body: 'Launch post is approved.',
        delivered: true,
        inAppRecipients: 2,
        email: { configured: true, queued: 2, skipped: 1 },
      });
      await eventually(() => expect(smtp.to('ops@example.com')).toHaveLength(1), { timeoutMs: 20_000 });
      await eventually(() => expect(smtp.to('cy@example.com')).toHaveLength(1), { timeoutMs: 20_000 });
      await settle();
      expect(smtp.to('ops@example.com')).toHaveLength(1);
      expect(smtp.to('cy@example.com')).toHaveLength(1);
      const mail = smtp.to('cy@example.com')[0].parsed;
      expect(mail.subject).toBe('Approved: Launch post');
      expect(mail.text).toContain('Launch post is approved.');
      expect(await rows(who)).toEqual([
        {
          recipient_user_id: '',
          recipient_email: 'ops@example.com',
          reason: 'workflow',
          status: 'sent',
          last_error: null,
        },
        {
          recipient_user_id: 'u_cy',
          recipient_email: 'cy@example.com',
          reason: 'workflow',
          status: 'sent',
          last_error: null,
        },
        {
          recipient_user_id: 'u_dee',
          recipient_email: null,
          reason: 'workflow',
          status: 'skipped',
          last_error: expect.stringContaining('no e-mail address') as string,
        },
      ]);
      for (const userId of ['u_cy', 'u_dee']) {
        const inbox = await call<Array<Record<string, unknown>>>(who, '/v2/notifications/get', { ...doc, userId });
        expect(inbox.body.result.data).toEqual([
          expect.objectContaining({
            displayHeadlineMessageTemplate: 'Approved: Launch post',
            notificationSource: 'workflow',
            notificationSourceData: expect.objectContaining({ executionId }) as object,
          }),
        ]);
      }
    },
    LONG,
  );

  it(
    "e-mails each reviewer of a human step once at their profile's address, unless their settings turn e-mail off",
    async () => {
      const who = await tenant({ u_rev: 'rev@example.com', u_quiet: 'quiet@example.com' });
      const unsubscribed = await call(who, '/v2/notifications/config/set', {
        organizationId: doc.organizationId,
        userIds: ['u_quiet'],
        config: { email: 'NONE' },
      });
      expect(unsubscribed.status).toBe(200);
      const executionId = await run(who, {
        definitionId: 'sign-off',
        name: 'Sign-off',
        nodes: [
          {
            nodeId: 'review',
            type: 'human',
            config: { reviewerIds: ['u_rev', 'u_quiet'], commentBody: 'Please check the launch post.' },
          },
          {
            nodeId: 'rework',
            type: 'notification',
            config: { channel: 'slack', slackTarget: '#launch', bodyTemplate: 'rework' },
          },
        ],
        edges: [{ from: 'review', to: 'rework', on: 'reject' }],
      });
      await eventually(() => expect(smtp.to('rev@example.com')).toHaveLength(1), { timeoutMs: 20_000 });
      await eventually(
        async () =>
          expect((await rows(who)).map((row) => [row.recipient_user_id, row.reason, row.status])).toEqual([
            ['u_quiet', 'review', 'skipped'],
            ['u_rev', 'review', 'sent'],
          ]),
        { timeoutMs: 20_000 },
      );
      await settle();
      expect(smtp.to('rev@example.com')).toHaveLength(1);
      expect(smtp.to('quiet@example.com')).toHaveLength(0);
      const mail = smtp.to('rev@example.com')[0].parsed;
      expect(mail.subject).toBe('Review requested: review');
      expect(mail.text).toContain('Please check the launch post.');
      expect((await steps(who, executionId)).steps[0]).toMatchObject({ nodeId: 'review', status: 'waiting' });
    },
    LONG,
  );
  it(
    'writes no e-mail while the e-mail service is off, and accepts a Slack target without posting it',
    async () => {
      const who = await createWorkspace(api.url);
      await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
      const executionId = await run(who, {
        definitionId: 'quiet',
        name: 'Quiet',
        nodes: [
          {
            nodeId: 'mail',
            type: 'notification',
            config: { channel: 'email', recipients: ['ops@example.com'], bodyTemplate: 'hello' },
          },
          {
            nodeId: 'slack',
            type: 'notification',
            config: { channel: 'slack', slackTarget: 'C0123', bodyTemplate: 'hello' },
          },
        ],
        edges: [{ from: 'mail', to: 'slack' }],
      });
      const done = await completed(who, executionId);
      const output = (nodeId: string) => done.steps.find((step) => step.nodeId === nodeId)!.output;
      expect(output('mail')).toMatchObject({
        delivered: false,
        email: { configured: false, queued: 0, skipped: 0 },
      });
      expect(output('slack')).toMatchObject({
        delivered: false,
        slackTarget: 'C0123',
        slack: { sent: false, reason: 'slack-not-configured' },
      });
      expect(await rows(who)).toEqual([]);
    },
    LONG,
  );
  it(
    "an agent step calls the API key's agent endpoint, signed and retried, and completes from its answer or waits for recordAgentResolution",
    async () => {
      const who = await createWorkspace(api.url);
      const agent = await WebhookReceiver.start();
      try {
        // First call 503 (retried), then a rejection; the second execution's call answers without a resolution.
        agent.reply = (_request, index) =>
          index === 0
            ? { status: 503 }
            : index === 1
              ? {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                  body: '{"resolution":"rejected","reason":"too long"}',
                }
              : { status: 202, headers: { 'content-type': 'application/json' }, body: '{"accepted":true}' };
        const set = await call(who, '/v2/workflow/agentendpoint/update', {
          url: agent.url('/agent'),
          secret: AGENT_SECRET,
        });
        expect(set.status).toBe(200);
        const got = await call(who, '/v2/workflow/agentendpoint/get', {});
        expect(got.body.result.data).toEqual({ url: agent.url('/agent'), secretSet: true, timeoutMs: 10000 });
        const definition = {
          definitionId: 'bot-review',
          name: 'Bot review',
          nodes: [
            { nodeId: 'bot', type: 'agent', config: { agentId: 'style-bot', url: 'https://agents.example.com/style' } },
            { nodeId: 'ok', type: 'notification', config: { channel: 'slack', slackTarget: 'C1', bodyTemplate: 'ok' } },
            { nodeId: 'no', type: 'notification', config: { channel: 'slack', slackTarget: 'C1', bodyTemplate: 'no' } },
          ],
          edges: [
            { from: 'bot', to: 'ok', on: 'approve' },
            { from: 'bot', to: 'no', on: 'reject' },
          ],
        };
        const first = await run(who, definition);
        const done = await completed(who, first);
        expect(done.steps.map((step) => [step.nodeId, step.status])).toEqual([
          ['bot', 'completed'],
          ['no', 'completed'],
        ]);
        expect(done.steps[0].output).toMatchObject({ decision: 'reject', resolution: 'rejected', reason: 'too long' });
        expect(agent.received).toHaveLength(2);
        const [attempt, retry] = agent.received;
        expect(retry.headers['idempotency-key']).toBe(attempt.headers['idempotency-key']);
        expect(retry.headers['x-svc-signature']).toBe(
          `sha256=${createHmac('sha256', AGENT_SECRET).update(retry.body).digest('hex')}`,
        );
        expect(agent.json(1)).toMatchObject({
          executionId: first,
          agentId: 'style-bot',
          resolvedUrl: 'https://agents.example.com/style',
          triggerContext: { title: 'Launch post' },
        });

        const second = await dispatch(who, 'bot-review');
        const waiting = await eventually(
          async () => {
            const step = (await steps(who, second)).steps.find((candidate) => candidate.nodeId === 'bot')!;
            if (step.status !== 'waiting') throw new Error(step.status);
            return step;
          },
          { timeoutMs: 30_000, intervalMs: 100 },
        );
        const called = agent.json<{ stepId: string; responseId: string }>(2);
        expect(waiting.output).toMatchObject({ responseIds: [called.responseId], agentEndpoint: { httpStatus: 202 } });
        const recorded = await call(who, '/v2/workflow/steps/recordAgentResolution', {
          executionId: second,
          stepId: called.stepId,
          responseId: called.responseId,
          resolution: 'resolved',
          actorId: 'style-bot',
        });
        expect(recorded.status).toBe(200);
        await eventually(
          async () =>
            expect((await steps(who, second)).steps.map((step) => [step.nodeId, step.status])).toEqual([
              ['bot', 'completed'],
              ['ok', 'completed'],
            ]),
          { timeoutMs: 30_000, intervalMs: 100 },
        );

        const cleared = await call(who, '/v2/workflow/agentendpoint/update', { url: null });
        expect(cleared.body.result.data).toEqual({ url: null, secretSet: false, timeoutMs: null });
        const unknown = await call(who, '/v2/workflow/agentendpoint/update', { url: 'ftp://x', extra: 1 });
        expect(unknown.status).toBe(400);
      } finally {
        await agent.down();
      }
    },
    LONG,
  );
});
