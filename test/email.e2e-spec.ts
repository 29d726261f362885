import { Queue } from 'bullmq';
import { createTestEnvironment, REDIS_URL, TestEnvironment } from './support/test-environment';
import { RunningApi, RunningProcess, startApi, startWorker } from './support/processes';
import { apiKeyHeaders, BatchResult, createWorkspace, Credentials, post } from './support/http-client';
import { eventually } from './support/eventually';
import { seedDocument, seedEditors } from './support/seed';
import { settled, startMigration } from './support/migrations';
import { SmtpReceiver } from './support/smtp-receiver';
import { requestData, responseProblems, veltPage } from './support/velt-fixtures';
import { WebhookReceiver } from './support/webhook-receiver';

const LONG = 90_000;
const doc = { organizationId: 'org-e', documentId: 'doc-e' };
const FROM = 'noreply@acme.test';
/** Short retries, a fast sweep and short locks, so a retry and a stalled job take seconds, not minutes. */
const EMAIL_ENV = {
  EMAIL_ALLOW_PRIVATE_NETWORKS: 'true',
  EMAIL_RETRY_DELAY_MS: '200',
  EMAIL_MAX_ATTEMPTS: '4',
  EMAIL_SWEEP_INTERVAL_MS: '1000',
  EMAIL_LOCK_DURATION_MS: '3000',
  EMAIL_STALLED_INTERVAL_MS: '1000',
};

interface MessageRow {
  id: string;
  recipient_user_id: string;
  recipient_email: string | null;
  reason: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
}

/** An entry of /v2/workspace/email/messages/get. */
interface MessageView {
  id: string;
  userId: string;
  reason: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

describe('e-mail sending', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let worker: RunningProcess | null = null;
  let smtp: SmtpReceiver;
  let sendgrid: WebhookReceiver;

  const call = <T = unknown>(who: Credentials, path: string, data: unknown) =>
    post<T>(api.url, path, data, apiKeyHeaders(who));

  const rows = (who: Credentials) =>
    world.query<MessageRow>('SELECT * FROM email_message WHERE api_key_id = $1 ORDER BY seq', [who.apiKey]);

  async function messages(who: Credentials, filter: Record<string, unknown> = {}): Promise<MessageView[]> {
    const response = await call<MessageView[]>(who, '/v2/workspace/email/messages/get', filter);
    expect(response.status).toBe(200);
    return response.body.result.data;
  }

  /** A fresh API key with a seeded document, four editors (u3 with an address in its profile) and e-mail configured as `service`. */
  async function tenant(service: Record<string, unknown>): Promise<Credentials> {
    const who = await createWorkspace(api.url);
    await seedDocument(world, who.apiKey, doc.organizationId, doc.documentId);
    await seedEditors(api.url, who, doc.organizationId, ['u1', 'u2', 'u3', 'u4']);
    await call(who, '/v2/users/update', {
      organizationId: doc.organizationId,
      users: [{ userId: 'u3', name: 'Cy', email: 'cy@example.com' }],
    });
    const updated = await call(who, '/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: { fromEmail: FROM, fromCompany: 'Acme', ...service },
    });
    expect(updated.status).toBe(200);
    return who;
  }

  const smtpConfig = () => ({
    type: 'smtp',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    username: 'mailer',
    password: 'smtp-password-1234',
  });

  /** A thread whose first comment mentions `mentioned` (each with an address in the comment). */
  async function mention(who: Credentials, annotationId: string, text: string, mentioned: string[]): Promise<void> {
    const tags = mentioned.map((userId) => ({
      userId,
      contact: { userId, name: userId.toUpperCase(), email: `${userId}@example.com` },
    }));
    const added = await call<BatchResult>(who, '/v2/commentannotations/add', {
      ...doc,
      commentAnnotations: [
        {
          annotationId,
          commentData: [
            {
              commentText: text,
              from: { userId: 'u1', name: 'Ann' },
              taggedUserContacts: tags,
              triggerNotification: true,
            },
          ],
        },
      ],
    });
    expect(added.body.result.data[annotationId].success).toBe(true);
  }

  async function assign(who: Credentials, annotationId: string, userId: string): Promise<void> {
    const updated = await call(who, '/v2/commentannotations/update', {
      ...doc,
      annotationIds: [annotationId],
      from: { userId: 'u1', name: 'Ann' },
      updatedData: { assignedTo: { userId } },
      triggerNotification: true,
    });
    expect(updated.status).toBe(200);
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  beforeAll(async () => {
    world = await createTestEnvironment();
    smtp = await SmtpReceiver.start();
    sendgrid = await WebhookReceiver.start();
    sendgrid.reply = (_request, index) => ({ status: 202, headers: { 'x-message-id': `sg-${index}` } });
    const env = { ...EMAIL_ENV, SENDGRID_API_URL: `http://127.0.0.1:${sendgrid.port}` };
    api = await startApi(world.env, env);
    worker = await startWorker(world.env, env);
  }, LONG);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await smtp?.stop();
    await sendgrid?.down();
    await world?.dispose();
  }, LONG);

  beforeEach(() => {
    smtp.refuse = () => null;
    smtp.hold = () => false;
  });

  it('stores the SMTP password encrypted and reads it back masked', async () => {
    const who = await tenant(smtpConfig());
    const read = await call<{ emailServiceConfig: Record<string, unknown> }>(who, '/v2/workspace/emailconfig/get', {});
    expect(read.body.result.data.emailServiceConfig).toMatchObject({
      type: 'smtp',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'mailer',
      password: '...1234',
      passwordSet: true,
    });
    const [stored] = await world.query<{ config: unknown }>('SELECT config FROM email_config WHERE api_key_id = $1', [
      who.apiKey,
    ]);
    expect(JSON.stringify(stored)).not.toContain('smtp-password-1234');
  });

  it("/v2/workspace/email/status: an owner's address is verified (no verification step here), an unknown one NOT_FOUND", async () => {
    const page = veltPage('v2', 'workspace-email-status');
    const data = requestData(page.requestExamples[0]);
    const unknown = await post(api.url, page.path, data);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ status: 'NOT_FOUND', message: 'User not found' });
    await createWorkspace(api.url, 'Owner@Example.com');
    const known = await post(api.url, page.path, data);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(page.responseExample);
    expect(responseProblems(page, known.body)).toEqual([]);
  });

  it(
    'refuses a private SMTP host unless EMAIL_ALLOW_PRIVATE_NETWORKS is set',
    async () => {
      const strict = await startApi(world.env);
      try {
        const who = await createWorkspace(strict.url);
        const refused = await post(
          strict.url,
          '/v2/workspace/emailconfig/update',
          { useEmailService: true, emailServiceConfig: { ...smtpConfig(), fromEmail: FROM } },
          apiKeyHeaders(who),
        );
        expect(refused.status).toBe(400);
        expect(refused.body.error).toEqual({
          status: 'INVALID_ARGUMENT',
          message: 'data.emailServiceConfig.host resolves to a private address.',
        });
      } finally {
        await strict.stop();
      }
    },
    LONG,
  );

  it(
    'e-mails the mentioned and the assigned person once each through SMTP, addresses from the comment and the profile',
    async () => {
      const who = await tenant(smtpConfig());
      await mention(who, 'a1', 'Please check the Q3 numbers', ['u2']);
      await assign(who, 'a1', 'u3');
      await eventually(() => expect(smtp.to('u2@example.com')).toHaveLength(1), { timeoutMs: 20_000 });
      await eventually(() => expect(smtp.to('cy@example.com')).toHaveLength(1), { timeoutMs: 20_000 });
      await settle();
      expect(smtp.to('u2@example.com')).toHaveLength(1);
      expect(smtp.to('cy@example.com')).toHaveLength(1);

      const [mentionRow, assignRow] = await rows(who);
      expect(mentionRow).toMatchObject({
        recipient_user_id: 'u2',
        recipient_email: 'u2@example.com',
        reason: 'mention',
        status: 'sent',
        attempts: 1,
        last_error: null,
      });
      expect(assignRow).toMatchObject({
        recipient_user_id: 'u3',
        recipient_email: 'cy@example.com',
        reason: 'assign',
        status: 'sent',
        attempts: 1,
      });
      expect(mentionRow.provider_message_id).toMatch(/^250/);

      const mentioned = smtp.to('u2@example.com')[0].parsed;
      expect(mentioned.subject).toBe('Ann mentioned you in doc-e');
      expect(mentioned.text).toContain('Please check the Q3 numbers');
      expect(mentioned.html).toContain('Please check the Q3 numbers');
      expect(mentioned.from?.value[0]).toEqual({ address: FROM, name: 'Acme' });
      expect(mentioned.messageId).toBe(`<${mentionRow.id}@acme.test>`);
      const assigned = smtp.to('cy@example.com')[0].parsed;
      expect(assigned.subject).toBe('Ann assigned you a comment in doc-e');
      expect(assigned.text).toContain('Hi Cy,');
      expect(assigned.text).toContain('Please check the Q3 numbers');
      expect(assigned.messageId).toBe(`<${assignRow.id}@acme.test>`);
    },
    LONG,
  );

  it(
    'does not send a row again when its job runs again',
    async () => {
      const who = await tenant(smtpConfig());
      await mention(who, 'a1', 'once only', ['u2']);
      await eventually(async () => expect((await rows(who))[0]?.status).toBe('sent'), { timeoutMs: 20_000 });
      const [row] = await rows(who);
      const before = smtp.received.length;
      const queue = new Queue('email', { connection: { url: REDIS_URL }, prefix: `${world.name}:bull` });
      try {
        const again = await queue.add('send', { messageId: row.id }, { jobId: `${row.id}-again` });
        await eventually(async () => expect(await queue.getJobState(again.id!)).toBe('completed'), {
          timeoutMs: 20_000,
        });
      } finally {
        await queue.close();
      }
      expect(smtp.received.length).toBe(before);
      expect((await rows(who))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    },
    LONG,
  );

  it(
    'sends through SendGrid: the template for a mention, the plain message for an assignment',
    async () => {
      const who = await tenant({ type: 'sendgrid', apiKey: 'SG.test-key-0123456789', tagTemplateId: 'd-tag-template' });
      const start = sendgrid.received.length;
      await mention(who, 'a1', 'Numbers look off', ['u2']);
      await assign(who, 'a1', 'u3');
      await eventually(() => expect(sendgrid.received.length - start).toBe(2), { timeoutMs: 20_000 });
      await settle();
      expect(sendgrid.received.length - start).toBe(2);
      const [mentionRow, assignRow] = await rows(who);
      const requests = sendgrid.received.slice(start);
      for (const request of requests) {
        expect(request.headers.authorization).toBe('Bearer SG.test-key-0123456789');
        expect(request.headers['content-type']).toBe('application/json');
      }
      const bodies = requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
      const byRow = (id: string) =>
        bodies.find((body) => (body.custom_args as { emailMessageId: string }).emailMessageId === id)!;
      expect(byRow(mentionRow.id)).toMatchObject({
        personalizations: [
          {
            to: [{ email: 'u2@example.com', name: 'U2' }],
            dynamic_template_data: {
              reason: 'mention',
              commentText: 'Numbers look off',
              documentId: 'doc-e',
              actionUser: { userId: 'u1', name: 'Ann' },
            },
          },
        ],
        from: { email: FROM, name: 'Acme' },
        template_id: 'd-tag-template',
      });
      expect(byRow(assignRow.id)).toMatchObject({
        personalizations: [{ to: [{ email: 'cy@example.com', name: 'Cy' }] }],
        subject: 'Ann assigned you a comment in doc-e',
      });
      const content = byRow(assignRow.id).content as Array<{ type: string; value: string }>;
      expect(content.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
      expect(content.every((part) => part.value.includes('Numbers look off'))).toBe(true);
      expect(byRow(assignRow.id)).not.toHaveProperty('template_id');
      await eventually(
        async () =>
          expect((await rows(who)).map((row) => [row.status, row.provider_message_id?.startsWith('sg-')])).toEqual([
            ['sent', true],
            ['sent', true],
          ]),
        { timeoutMs: 10_000 },
      );
    },
    LONG,
  );

  it(
    'skips a recipient whose notification settings turn e-mail off, and tells the rest',
    async () => {
      const who = await tenant(smtpConfig());
      const unsubscribed = await call(who, '/v2/notifications/config/set', {
        organizationId: doc.organizationId,
        userIds: ['u4'],
        config: { email: 'NONE' },
      });
      expect(unsubscribed.status).toBe(200);
      await mention(who, 'a1', 'for both of you', ['u2', 'u4']);
      await eventually(
        async () =>
          expect((await rows(who)).map((row) => [row.recipient_user_id, row.status])).toEqual([
            ['u2', 'sent'],
            ['u4', 'skipped'],
          ]),
        { timeoutMs: 20_000 },
      );
      await settle();
      expect(smtp.to('u4@example.com')).toHaveLength(0);
      const skipped = await messages(who, { status: 'skipped' });
      expect(skipped).toEqual([
        expect.objectContaining({
          userId: 'u4',
          reason: 'mention',
          status: 'skipped',
          attempts: 0,
          lastError: "The recipient's notification settings turn e-mail off.",
        }),
      ]);
    },
    LONG,
  );

  it(
    'skips, with the reason, a recipient with no address anywhere',
    async () => {
      const who = await tenant(smtpConfig());
      await mention(who, 'a1', 'no tags', []);
      await assign(who, 'a1', 'u4');
      await eventually(async () => expect(await rows(who)).toHaveLength(1), { timeoutMs: 10_000 });
      expect((await rows(who))[0]).toMatchObject({
        recipient_user_id: 'u4',
        recipient_email: null,
        status: 'skipped',
        attempts: 0,
      });
    },
    LONG,
  );

  it(
    'retries a temporary SMTP refusal and delivers once accepted; email messages show the attempts',
    async () => {
      const who = await tenant(smtpConfig());
      const refusedBefore = smtp.refusals;
      smtp.refuse = (mail) =>
        mail.to.includes('u2@example.com') && smtp.refusals - refusedBefore < 2
          ? { responseCode: 451, message: 'Try again later' }
          : null;
      await mention(who, 'a1', 'retry me', ['u2']);
      await eventually(
        () =>
          expect(smtp.to('u2@example.com').filter((mail) => mail.parsed.text?.includes('retry me'))).toHaveLength(1),
        { timeoutMs: 30_000 },
      );
      expect(smtp.refusals - refusedBefore).toBe(2);
      await eventually(
        async () =>
          expect(await messages(who)).toEqual([
            expect.objectContaining({ userId: 'u2', status: 'sent', attempts: 3, lastError: null }),
          ]),
        { timeoutMs: 10_000 },
      );
    },
    LONG,
  );

  it(
    'marks a permanently refused e-mail failed with the error, after one attempt',
    async () => {
      const who = await tenant(smtpConfig());
      smtp.refuse = (mail) =>
        mail.to.includes('u2@example.com') ? { responseCode: 550, message: 'No such mailbox' } : null;
      await mention(who, 'a1', 'bounce', ['u2']);
      await eventually(async () => expect((await rows(who))[0]?.status).toBe('failed'), { timeoutMs: 20_000 });
      const [row] = await rows(who);
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain('No such mailbox');
      expect(await messages(who, { status: 'failed' })).toEqual([
        expect.objectContaining({ id: row.id, status: 'failed' }),
      ]);
    },
    LONG,
  );

  it(
    'sends nothing when the e-mail service is off or the trigger is turned off',
    async () => {
      const off = await tenant(smtpConfig());
      await call(off, '/v2/workspace/emailconfig/update', { useEmailService: false });
      const noMentions = await tenant({ ...smtpConfig(), triggers: { 'comment_annotation.add': false } });
      await mention(off, 'a1', 'quiet', ['u2']);
      await mention(noMentions, 'a1', 'quiet', ['u2']);
      await settle();
      expect(await rows(off)).toEqual([]);
      expect(await rows(noMentions)).toEqual([]);
    },
    LONG,
  );

  it(
    "moves a document's e-mails with the document when it is migrated",
    async () => {
      const who = await tenant(smtpConfig());
      await mention(who, 'a1', 'moving on', ['u2']);
      await eventually(async () => expect((await rows(who))[0]?.status).toBe('sent'), { timeoutMs: 20_000 });
      const migrate = <T = unknown>(path: string, data: unknown) => call<T>(who, path, data);
      const migrationId = await startMigration(migrate, doc.organizationId, doc.documentId, 'doc-moved');
      expect((await settled(migrate, doc.organizationId, migrationId)).status).toBe('completed');
      expect(await world.query('SELECT document_id FROM email_message WHERE api_key_id = $1', [who.apiKey])).toEqual([
        { document_id: 'doc-moved' },
      ]);
    },
    LONG,
  );

  it(
    'a GDPR erasure deletes the e-mails to the user and those naming the user as the actor',
    async () => {
      const who = await tenant(smtpConfig());
      await mention(who, 'a1', 'gdpr', ['u2', 'u3']);
      await eventually(async () => expect((await rows(who)).map((row) => row.status)).toEqual(['sent', 'sent']), {
        timeoutMs: 20_000,
      });
      const recipient = await call<{ jobId: string }>(who, '/v2/users/data/delete', { userIds: ['u2'] });
      expect(recipient.status).toBe(200);
      await eventually(
        async () =>
          expect(
            (
              await call<{ isDeleteCompleted: boolean }>(who, '/v2/users/data/delete/status', {
                jobId: recipient.body.result.data.jobId,
              })
            ).body.result.data.isDeleteCompleted,
          ).toBe(true),
        { timeoutMs: 20_000 },
      );
      expect((await rows(who)).map((row) => row.recipient_user_id)).toEqual(['u3']);
      const actor = await call<{ jobId: string }>(who, '/v2/users/data/delete', { userIds: ['u1'] });
      await eventually(
        async () =>
          expect(
            (
              await call<{ isDeleteCompleted: boolean }>(who, '/v2/users/data/delete/status', {
                jobId: actor.body.result.data.jobId,
              })
            ).body.result.data.isDeleteCompleted,
          ).toBe(true),
        { timeoutMs: 20_000 },
      );
      expect(await rows(who)).toEqual([]);
    },
    LONG,
  );

  it(
    'loses nothing when the worker is killed mid-send: another worker sends the row, with the same Message-ID',
    async () => {
      const who = await tenant(smtpConfig());
      smtp.hold = (mail) => mail.parsed.text?.includes('survive the crash') === true;
      await mention(who, 'a1', 'survive the crash', ['u2']);
      await eventually(() => expect(smtp.held).toHaveLength(1), { timeoutMs: 20_000 });
      await worker!.stop('SIGKILL');
      smtp.hold = () => false;
      worker = await startWorker(world.env, { ...EMAIL_ENV, SENDGRID_API_URL: `http://127.0.0.1:${sendgrid.port}` });
      await eventually(async () => expect((await rows(who))[0]?.status).toBe('sent'), { timeoutMs: 30_000 });
      const [row] = await rows(who);
      const delivered = smtp.received.filter((mail) => mail.parsed.text?.includes('survive the crash'));
      expect(delivered).toHaveLength(1);
      expect(delivered[0].parsed.messageId).toBe(smtp.held[0].parsed.messageId);
      expect(delivered[0].parsed.messageId).toBe(`<${row.id}@acme.test>`);
    },
    LONG,
  );
});
