import { AppConfig, ConfigError } from './config';

describe('AppConfig worker settings', () => {
  it('keeps the historical defaults of every queue', () => {
    expect(new AppConfig({}).workers).toEqual({
      audit: { concurrency: 1, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      webhook: { concurrency: 50, lockDurationMs: 10_000, stalledIntervalMs: 5_000 },
      migration: { concurrency: 4, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      'user-data': { concurrency: 2, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      activity: { concurrency: 1, lockDurationMs: 30_000, stalledIntervalMs: 30_000 },
      email: { concurrency: 10, lockDurationMs: 60_000, stalledIntervalMs: 30_000 },
    });
  });

  it('reads <QUEUE>_CONCURRENCY, _LOCK_DURATION_MS and _STALLED_INTERVAL_MS per queue', () => {
    const config = new AppConfig({
      AUDIT_CONCURRENCY: '3',
      WEBHOOK_LOCK_DURATION_MS: '20000',
      WEBHOOK_STALLED_INTERVAL_MS: '7000',
      MIGRATION_CONCURRENCY: '8',
      MIGRATION_LOCK_DURATION_MS: '2000',
      MIGRATION_STALLED_INTERVAL_MS: '1000',
    });
    expect(config.workers.audit.concurrency).toBe(3);
    expect(config.workers.webhook).toEqual({ concurrency: 50, lockDurationMs: 20_000, stalledIntervalMs: 7_000 });
    expect(config.workers.migration).toEqual({ concurrency: 8, lockDurationMs: 2_000, stalledIntervalMs: 1_000 });
  });

  it('refuses out-of-range values with the variable name', () => {
    expect(() => new AppConfig({ WEBHOOK_LOCK_DURATION_MS: '10' })).toThrow(new ConfigError('WEBHOOK_LOCK_DURATION_MS must be an integer from 1000 to 600000 (got "10").'));
    expect(() => new AppConfig({ MIGRATION_CONCURRENCY: '101' })).toThrow(ConfigError);
    expect(() => new AppConfig({ AUDIT_CONCURRENCY: '0' })).toThrow('AUDIT_CONCURRENCY must be an integer from 1 to 1000');
  });
});

describe('AppConfig REDIS_CLUSTER_NODES', () => {
  it('is null unless set, so REDIS_URL is used', () => {
    expect(new AppConfig({}).redisClusterNodes).toBeNull();
    expect(new AppConfig({ REDIS_CLUSTER_NODES: ' ' }).redisClusterNodes).toBeNull();
  });

  it('reads comma-separated host:port seeds, IPv6 in brackets', () => {
    expect(new AppConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b.internal:7001,[::1]:7002' }).redisClusterNodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
  });

  it('refuses a seed without a valid port, naming it', () => {
    expect(() => new AppConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2' })).toThrow(
      new ConfigError('REDIS_CLUSTER_NODES must be comma-separated host:port seeds (got "10.0.0.2").'),
    );
    expect(() => new AppConfig({ REDIS_CLUSTER_NODES: 'a:70000' })).toThrow(ConfigError);
  });
});
