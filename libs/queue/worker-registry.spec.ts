import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { QueueSettings } from './queues';
import { WorkerRegistry } from './worker-registry';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Against a real Redis: the registry's BullMQ workers are real, under a prefix of their own. */
describe('WorkerRegistry', () => {
  const prefix = `t_${randomBytes(4).toString('hex')}:bull`;
  const registry = new WorkerRegistry(
    { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix },
    new QueueSettings({}, ['audit', 'webhook']),
  );

  afterAll(async () => {
    await registry.beforeApplicationShutdown();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.unlink(...keys);
    redis.disconnect();
  });

  it('serves the queues of WORKER_QUEUES only', () => {
    expect(registry.serves('audit')).toBe(true);
    expect(registry.serves('email')).toBe(false);
  });

  it('names each served queue that no processor started, until one does', async () => {
    expect(registry.withoutProcessor()).toEqual(['audit', 'webhook']);
    const worker = registry.start('audit', () => Promise.resolve());
    await worker.waitUntilReady();
    expect(registry.withoutProcessor()).toEqual(['webhook']);
    expect(registry.running()).toEqual({ audit: true });
  });
});
