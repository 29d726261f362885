import { SharedLoads } from './shared-loads';

describe('SharedLoads', () => {
  it('gives concurrent callers of one key the same load, and starts a new one once it has settled', async () => {
    const loads = new SharedLoads<number>();
    let started = 0;
    const load = () => Promise.resolve(++started);
    expect(await Promise.all([loads.run('a', load), loads.run('a', load), loads.run('b', load)])).toEqual([1, 1, 2]);
    expect(await loads.run('a', load)).toBe(3);
  });

  it('shares a failure with the callers that waited on it, then tries again', async () => {
    const loads = new SharedLoads<string>();
    const failing = () => Promise.reject(new Error('down'));
    const results = await Promise.allSettled([loads.run('a', failing), loads.run('a', () => Promise.resolve('x'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await loads.run('a', () => Promise.resolve('x'))).toBe('x');
  });
});
