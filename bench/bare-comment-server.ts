import { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from '../libs/queue/queue.module';
import { serveBare } from './support/bare-http-server';
import { addAnnotation, TenantSinks } from './support/comment-write-work';
import { openBackends } from './support/hot-route-work';

/**
 * The comment-write yardstick of bench/comment-writes.bench.ts: a bare node:http server doing the API's
 * per-request auth and `commentannotations/add`'s statements, publishes and job (support/comment-write-work.ts).
 * BARE_COMMENT_SINKS is a JSON object of each API key's sinks. Prints its port when ready.
 */
const backends = openBackends(process.env);
const queue = new Queue('webhook', {
  connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  prefix: `${process.env.REDIS_PREFIX ?? 'bench'}:bull`,
  defaultJobOptions: DEFAULT_JOB_OPTIONS,
});
const sinks = JSON.parse(process.env.BARE_COMMENT_SINKS ?? '{}') as Record<string, TenantSinks>;

serveBare(
  backends,
  {
    '/v2/commentannotations/add': (apiKeyId, data) =>
      addAnnotation(
        backends,
        queue,
        apiKeyId,
        data as Parameters<typeof addAnnotation>[3],
        sinks[apiKeyId] ?? { activity: false, notification: false, immutableActivities: true },
      ),
  },
  () => Promise.all([queue.close(), backends.close()]),
);
