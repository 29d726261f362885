import { withDeadline } from './redis-deadline';

describe('withDeadline', () => {
  it('passes through an answer that arrives in time', async () => {
    await expect(withDeadline(Promise.resolve('job'), 50)).resolves.toBe('job');
    await expect(withDeadline(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });

  it('stops waiting at the deadline and swallows the late failure', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    let fail: (error: Error) => void = () => undefined;
    const late = new Promise((_, reject) => (fail = reject));
    await expect(withDeadline(late, 20)).rejects.toThrow('Redis did not answer within 20 ms');
    fail(new Error('connection closed'));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
