import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { failedBoot, RunningApi, startApi } from './support/processes';
import { QUEUE } from '../libs/queue/queues';

const ADMIN = { ADMIN_USER: 'operator', ADMIN_PASSWORD: 'correct-horse-battery' };
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

describe('queue dashboard', () => {
  let world: TestEnvironment;

  beforeAll(async () => {
    world = await createTestEnvironment();
  });

  afterAll(async () => {
    await world?.dispose();
  });

  it('is an unknown route unless ADMIN_USER and ADMIN_PASSWORD are set', async () => {
    const api = await startApi(world.env);
    try {
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const response = await fetch(`${api.url}${path}`, { headers: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD) });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Route not found.' } });
      }
    } finally {
      await api.stop();
    }
  });

  describe('when enabled', () => {
    let api: RunningApi;

    beforeAll(async () => {
      api = await startApi(world.env, ADMIN);
    });

    afterAll(async () => {
      await api?.stop();
    });

    it('asks for basic auth without credentials or with wrong ones', async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        basic(ADMIN.ADMIN_USER, 'wrong-password-entirely'),
        basic('someone', ADMIN.ADMIN_PASSWORD),
        basic(ADMIN.ADMIN_USER, `${ADMIN.ADMIN_PASSWORD}x`),
        { authorization: 'Basic not base64!' },
        { authorization: `Bearer ${ADMIN.ADMIN_PASSWORD}` },
      ];
      for (const headers of attempts) {
        for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
          const response = await fetch(`${api.url}${path}`, { headers });
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="queues"/);
          expect(await response.json()).toEqual({
            error: { status: 'UNAUTHENTICATED', message: 'Missing or invalid credentials.' },
          });
        }
      }
    });

    it('serves the board over every queue with the right credentials', async () => {
      const page = await fetch(`${api.url}/admin/queues`, { headers: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD) });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const queues = await fetch(`${api.url}/admin/queues/api/queues`, {
        headers: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD),
      });
      expect(queues.status).toBe(200);
      const body = (await queues.json()) as { queues: { name: string }[] };
      expect(body.queues.map((queue) => queue.name).sort()).toEqual(Object.values(QUEUE).sort());
      const asset = /src="([^"]+\.js)"/.exec(await page.text())?.[1];
      expect(asset).toBeDefined();
      expect(
        (
          await fetch(new URL(asset!, `${api.url}/admin/queues/`), {
            headers: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD),
          })
        ).status,
      ).toBe(200);
      const metrics = await (await fetch(`${api.url}/metrics`)).text();
      expect(metrics).toContain(
        'http_request_duration_seconds_count{method="GET",route="/admin/queues/api/queues",status_code="200"} 1',
      );
    });

    it('leaves the rest of the API as it was', async () => {
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
      const unknown = await fetch(`${api.url}/admin/other`, { headers: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD) });
      expect(unknown.status).toBe(404);
    });
  });

  it('refuses to boot with only one of the two set', async () => {
    expect(await failedBoot('api', { ...world.env, ADMIN_USER: 'operator' })).toEqual({
      code: 1,
      stderr: 'Invalid configuration: ADMIN_USER and ADMIN_PASSWORD must be set together.',
    });
  });
});
