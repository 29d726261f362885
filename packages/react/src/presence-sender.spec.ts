import type { Room } from '@collab-backend/realtime';
import { PresenceSender } from './presence-sender';

/** The presence sender's coalescing and its wait for a room, with a recording room and fake timers. */
describe('PresenceSender', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const roomRecording = (sent: unknown[]) =>
    ({ presence: { set: (data: unknown) => Promise.resolve(void sent.push(data)) } }) as unknown as Room;
  const settle = () => jest.advanceTimersByTimeAsync(0);

  it('keeps data set before a room is entered and sends the latest once it is', async () => {
    const sent: unknown[] = [];
    const sender = new PresenceSender(50);
    sender.update({ x: 1 });
    sender.update({ x: 2 });
    await settle();
    expect(sent).toEqual([]);
    sender.attach(roomRecording(sent));
    await settle();
    expect(sent).toEqual([{ x: 2 }]);
  });

  it('sends one at once, then the latest of those set meanwhile after the interval', async () => {
    const sent: unknown[] = [];
    const sender = new PresenceSender(50);
    sender.attach(roomRecording(sent));
    sender.update({ x: 1 });
    sender.update({ x: 2 });
    sender.update({ x: 3 });
    await settle();
    expect(sent).toEqual([{ x: 1 }]);
    await jest.advanceTimersByTimeAsync(50);
    expect(sent).toEqual([{ x: 1 }, { x: 3 }]);
    await jest.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([{ x: 1 }, { x: 3 }]);
  });

  it('sends what is left to the room entered next, not to the one left', async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const sender = new PresenceSender(50);
    sender.attach(roomRecording(first));
    sender.update({ x: 1 });
    sender.update({ x: 2 });
    await settle();
    sender.attach(null);
    await jest.advanceTimersByTimeAsync(50);
    expect(first).toEqual([{ x: 1 }]);
    sender.attach(roomRecording(second));
    await settle();
    expect(second).toEqual([{ x: 2 }]);
  });

  it('goes on after a refused set', async () => {
    const sent: unknown[] = [];
    const sender = new PresenceSender(50);
    let refuse = true;
    const room = {
      presence: {
        set: (data: unknown) => {
          if (refuse) return Promise.reject(new Error('refused'));
          sent.push(data);
          return Promise.resolve();
        },
      },
    } as unknown as Room;
    sender.attach(room);
    sender.update({ x: 1 });
    await settle();
    refuse = false;
    sender.update({ x: 2 });
    await jest.advanceTimersByTimeAsync(50);
    expect(sent).toEqual([{ x: 2 }]);
  });
});
