import { AppConfig, ConfigError } from './config';

describe('AppConfig REDIS_CLUSTER_NODES', () => {
  it('is null unless set, so REDIS_URL is used', () => {
    expect(new AppConfig({}).redisClusterNodes).toBeNull();
    expect(new AppConfig({ REDIS_CLUSTER_NODES: ' ' }).redisClusterNodes).toBeNull();
  });

  it('reads comma-separated host:port seeds, IPv6 in brackets', () => {
    expect(
      new AppConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b.internal:7001,[::1]:7002' }).redisClusterNodes,
    ).toEqual([
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
