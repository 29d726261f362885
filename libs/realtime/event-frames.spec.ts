import { AppConfig } from '@app/common';
import { EVENT_FRAME_EVENT, EventFrame, EventFrames } from './event-frames';
import { RecordedEmit, recordingServer } from './recording-server.spec-support';

/** The frames without sockets: a server whose room emits are recorded. */
describe('EventFrames', () => {
  const ref = { organizationId: 'org', documentId: 'doc' };
  const ann = { connectionId: 'c1', userId: 'ann' };
  const bob = { connectionId: 'c2', userId: 'bob' };
  let sent: Array<RecordedEmit<EventFrame>>;
  let frames: EventFrames;

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    frames = new EventFrames(new AppConfig({ BROADCAST_FRAME_MS: '5' }));
    frames.attach(recordingServer(sent));
  });

  afterEach(() => jest.useRealTimers());

  it('sends a room one frame per tick with every event of the tick, in order, equal events included', () => {
    frames.add('room', ref, { ...ann, event: { n: 1 } });
    frames.add('room', ref, { ...bob, event: { n: 1 } });
    frames.add('room', ref, { ...ann, event: { n: 1 } });
    frames.add('room', ref, { ...ann, event: { n: 2 } });
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(5);
    expect(sent).toEqual([
      {
        room: 'room',
        except: [],
        event: EVENT_FRAME_EVENT,
        frame: {
          v: 1,
          ...ref,
          events: [
            { ...ann, event: { n: 1 } },
            { ...bob, event: { n: 1 } },
            { ...ann, event: { n: 1 } },
            { ...ann, event: { n: 2 } },
          ],
        },
      },
    ]);
    jest.advanceTimersByTime(50);
    expect(sent).toHaveLength(1);
  });

  it('sends a frame of one connection’s events alone to the others only', () => {
    frames.add('room', ref, { ...ann, event: { n: 1 } });
    frames.add('room', ref, { ...ann, event: { n: 2 } });
    jest.advanceTimersByTime(5);
    frames.add('room', ref, { ...ann, event: { n: 3 } });
    frames.add('room', ref, { ...bob, event: { n: 4 } });
    jest.advanceTimersByTime(5);
    expect(sent.map(({ except, frame }) => [except, frame.events.length])).toEqual([
      [['c1'], 2],
      [[], 2],
    ]);
  });

  it('keeps rooms apart, and an event after a tick starts the next frame', () => {
    frames.add('room', ref, { ...ann, event: 'a' });
    frames.add('other', { organizationId: 'org', documentId: 'other' }, { ...bob, event: 'b' });
    jest.advanceTimersByTime(5);
    frames.add('room', ref, { ...ann, event: 'c' });
    jest.advanceTimersByTime(5);
    expect(sent.map(({ room, frame }) => [room, frame.documentId, frame.events.map((e) => e.event)])).toEqual([
      ['room', 'doc', ['a']],
      ['other', 'other', ['b']],
      ['room', 'doc', ['c']],
    ]);
  });
});
