import { isDependencyUnavailable, toErrorResponse } from './error-response';

describe('isDependencyUnavailable', () => {
  it.each([
    'CLUSTERDOWN The cluster is down',
    'CLUSTERDOWN Hash slot not served',
    'TRYAGAIN Multiple keys request during rehashing of slot',
    'MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to no',
    'Too many Cluster redirections. Last error: Error: Connection is closed.',
    'Failed to refresh slots cache.',
    'None of startup nodes is available',
  ])('counts the Redis Cluster outage "%s" as a dependency outage (503)', (message) => {
    expect(isDependencyUnavailable(new Error(message))).toBe(true);
    expect(toErrorResponse(new Error(message)).httpStatus).toBe(503);
  });

  it('leaves other Redis errors to the 500 path', () => {
    expect(isDependencyUnavailable(new Error("CROSSSLOT Keys in request don't hash to the same slot"))).toBe(false);
    expect(
      isDependencyUnavailable(new Error('WRONGTYPE Operation against a key holding the wrong kind of value')),
    ).toBe(false);
  });
});
