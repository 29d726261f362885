import { AppConfig } from '@app/common';
import { PRESENCE_FRAME_EVENT, PresenceFrame, PresenceFrames } from './presence-frames';
import { RecordedEmit, recordingServer } from './recording-server.spec-support';

/** The frames without sockets: a server whose room emits are recorded. */
describe('PresenceFrames', () => {
  const ref = { organizationId: 'org', documentId: 'doc' };
  const ann = { connectionId: 'c1', userId: 'ann', name: 'Ann' };
  let sent: Array<RecordedEmit<PresenceFrame>>;
  let frames: PresenceFrames;

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    frames = new PresenceFrames(new AppConfig({ PRESENCE_FRAME_MS: '5' }));
    frames.attach(recordingServer(sent));
  });

  afterEach(() => jest.useRealTimers());

  it('sends a room one frame per tick with each connection’s latest set', () => {
    frames.set('room', ref, { ...ann, data: { x: 1 } });
    frames.set('room', ref, { ...ann, data: { x: 2 } });
    frames.set('room', ref, { connectionId: 'c2', userId: 'bob', name: 'Bob', data: { x: 3 } });
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(5);
    expect(sent).toEqual([
      {
        room: 'room',
        except: [],
        event: PRESENCE_FRAME_EVENT,
        frame: {
          v: 1,
          ...ref,
          set: [
            { ...ann, data: { x: 2 } },
            { connectionId: 'c2', userId: 'bob', name: 'Bob', data: { x: 3 } },
          ],
          left: [],
        },
      },
    ]);
    jest.advanceTimersByTime(50);
    expect(sent).toHaveLength(1);
  });

  it('a leave drops the same tick’s set of that connection, and a later set wins over the leave', () => {
    frames.set('room', ref, { ...ann, data: { x: 1 } });
    frames.leave('room', ref, { connectionId: 'c1', userId: 'ann' });
    jest.advanceTimersByTime(5);
    frames.leave('room', ref, { connectionId: 'c1', userId: 'ann' });
    frames.set('room', ref, { ...ann, data: { x: 9 } });
    jest.advanceTimersByTime(5);
    expect(sent.map(({ frame }) => [frame.set, frame.left])).toEqual([
      [[], [{ connectionId: 'c1', userId: 'ann' }]],
      [[{ ...ann, data: { x: 9 } }], []],
    ]);
  });

  it('sends a frame of one connection’s set alone to the others only; a leave goes to everyone', () => {
    frames.set('room', ref, { ...ann, data: { x: 1 } });
    jest.advanceTimersByTime(5);
    frames.leave('room', ref, { connectionId: 'c2', userId: 'bob' });
    jest.advanceTimersByTime(5);
    frames.set('room', ref, { ...ann, data: { x: 2 } });
    frames.leave('room', ref, { connectionId: 'c2', userId: 'bob' });
    jest.advanceTimersByTime(5);
    expect(sent.map(({ except, frame }) => [except, frame.set.length, frame.left.length])).toEqual([
      [['c1'], 1, 0],
      [[], 0, 1],
      [[], 1, 1],
    ]);
  });

  it('keeps rooms apart, each on its own tick', () => {
    frames.set('a', ref, { ...ann, data: {} });
    jest.advanceTimersByTime(3);
    frames.set('b', { organizationId: 'org', documentId: 'other' }, { ...ann, data: {} });
    jest.advanceTimersByTime(2);
    expect(sent.map(({ room }) => room)).toEqual(['a']);
    jest.advanceTimersByTime(3);
    expect(sent.map(({ room, frame }) => [room, frame.documentId])).toEqual([
      ['a', 'doc'],
      ['b', 'other'],
    ]);
  });
});
