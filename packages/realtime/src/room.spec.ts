import type { Socket } from 'socket.io-client';
import { Room } from './room.js';

/** The room's bookkeeping, without a connection: presence split, ordering of live-state values, teardown. */
describe('Room', () => {
  const room = (onLeave = jest.fn()) => new Room({} as Socket, 'org', 'doc', 'me', onLeave);

  it('splits presence into self and others and tells listeners', () => {
    const subject = room();
    const seen: number[] = [];
    subject.presence.update((users) => seen.push(users.length));
    subject.setPresence([{ userId: 'me' }, { userId: 'you' }]);
    expect(subject.presence.self()).toEqual({ userId: 'me' });
    expect(subject.presence.others()).toEqual([{ userId: 'you' }]);
    expect(seen).toEqual([2]);
  });

  it('keeps the newest live-state value when an older one arrives later', () => {
    const subject = room();
    const seen: unknown[] = [];
    subject.liveState.subscribe('s', (data) => seen.push(data));
    subject.setState({ liveStateDataId: 's', data: { n: 2 }, updatedAt: '2026-01-01T00:00:02Z' });
    subject.setState({ liveStateDataId: 's', data: { n: 1 }, updatedAt: '2026-01-01T00:00:01Z' });
    subject.setState({ liveStateDataId: 'other', data: { n: 9 } });
    expect(subject.liveState.get('s')).toEqual({ n: 2 });
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('on revocation it closes, tells its listeners once, and drops them', () => {
    const onLeave = jest.fn();
    const subject = room(onLeave);
    const closed = jest.fn();
    const presence = jest.fn();
    subject.onClosed(closed);
    subject.presence.update(presence);
    subject.close('access_revoked');
    subject.setPresence([]);
    expect(subject.closed).toBe(true);
    expect(closed).toHaveBeenCalledWith({ reason: 'access_revoked' });
    expect(onLeave).toHaveBeenCalledWith(subject);
    expect(presence).not.toHaveBeenCalled();
  });

  it('matches events by its current document id', () => {
    const subject = room();
    expect(subject.matches({ organizationId: 'org', documentId: 'doc' })).toBe(true);
    subject.documentId = 'moved';
    expect(subject.matches({ organizationId: 'org', documentId: 'doc' })).toBe(false);
  });
});
