import { ConfigError } from '@app/common';
import { QUEUE, QUEUE_NAMES, QueueName, QueueSettings } from './queues';

describe('QueueSettings', () => {
  it('keeps the historical defaults of every queue', () => {
    const settings = new QueueSettings({}, null);
    const historical = {
      audit: { concurrency: 1, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      webhook: { concurrency: 50, lockDurationMs: 10_000, stalledIntervalMs: 5_000 },
      migration: { concurrency: 4, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      'user-data': { concurrency: 2, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      activity: { concurrency: 1, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      email: { concurrency: 10, lockDurationMs: 60_000, stalledIntervalMs: 30_000 },
    } as const;
    for (const [name, defaults] of Object.entries(historical)) expect(settings.of(name as QueueName)).toEqual(defaults);
  });

  it('reads <QUEUE>_CONCURRENCY, _LOCK_DURATION_MS and _STALLED_INTERVAL_MS per queue', () => {
    const settings = new QueueSettings(
      {
        AUDIT_CONCURRENCY: '3',
        WEBHOOK_LOCK_DURATION_MS: '20000',
        WEBHOOK_STALLED_INTERVAL_MS: '7000',
        USER_DATA_CONCURRENCY: '8',
        USER_DATA_LOCK_DURATION_MS: '2000',
        USER_DATA_STALLED_INTERVAL_MS: '1000',
      },
      null,
    );
    expect(settings.of(QUEUE.AUDIT).concurrency).toBe(3);
    expect(settings.of(QUEUE.WEBHOOK)).toEqual({ concurrency: 50, lockDurationMs: 20_000, stalledIntervalMs: 7_000 });
    expect(settings.of(QUEUE.USER_DATA)).toEqual({ concurrency: 8, lockDurationMs: 2_000, stalledIntervalMs: 1_000 });
  });

  it('refuses out-of-range values with the variable name', () => {
    expect(() => new QueueSettings({ WEBHOOK_LOCK_DURATION_MS: '10' }, null)).toThrow(
      new ConfigError('WEBHOOK_LOCK_DURATION_MS must be an integer from 1000 to 600000 (got "10").'),
    );
    expect(() => new QueueSettings({ MIGRATION_CONCURRENCY: '101' }, null)).toThrow(ConfigError);
    expect(() => new QueueSettings({ AUDIT_CONCURRENCY: '0' }, null)).toThrow(
      'AUDIT_CONCURRENCY must be an integer from 1 to 1000',
    );
  });

  it('serves WORKER_QUEUES when set, and refuses a name that is no queue', () => {
    expect(new QueueSettings({}, ['webhook', 'email']).served).toEqual(['webhook', 'email']);
    expect(new QueueSettings({}, null).served).toEqual(QUEUE_NAMES);
    expect(() => new QueueSettings({}, ['webhook', 'webhooks'])).toThrow(
      new ConfigError(`WORKER_QUEUES names unknown queues: webhooks (known: ${QUEUE_NAMES.join(', ')}).`),
    );
  });
});
