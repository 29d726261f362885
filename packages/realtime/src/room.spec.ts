import type { Socket } from 'socket.io-client';
import { Room } from './room';
import type { CommentChange } from './types';

/** The room's bookkeeping, without a connection: ordering of live-state values, comment pushes, teardown. */
describe('Room', () => {
  const room = (onLeave = jest.fn()) => new Room({} as Socket, 'org', 'doc', 'me', onLeave);
  const change = (cursor: string, kind: CommentChange['kind'], text?: string): CommentChange => ({
    organizationId: 'org',
    documentId: 'doc',
    cursor,
    kind,
    annotationId: 't',
    thread:
      text === undefined
        ? null
        : {
            annotationId: 't',
            createdAt: 1,
            lastUpdated: 1,
            comments: [{ commentId: 1, commentText: text, createdAt: 1 }],
          },
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

  it('applies comment pushes above the last cursor to its thread list and removes a deleted thread', () => {
    const subject = room();
    const seen: string[][] = [];
    subject.comments.subscribe((threads) => seen.push(threads.map((t) => t.comments[0].commentText)));
    subject.comments.receive(change('2', 'thread_added', 'hello'));
    subject.comments.receive(change('4', 'comment_updated', 'edited'));
    subject.comments.receive(change('3', 'comment_updated', 'stale'));
    subject.comments.receive(change('5', 'thread_deleted'));
    expect(seen).toEqual([['hello'], ['edited'], []]);
    expect(subject.comments.threads()).toEqual([]);
  });

  it('on revocation it closes, tells its listeners once, and drops them', () => {
    const onLeave = jest.fn();
    const subject = room(onLeave);
    const closed = jest.fn();
    const presence = jest.fn();
    const comments = jest.fn();
    const events = jest.fn();
    subject.onClosed(closed);
    subject.presence.update(presence);
    subject.comments.subscribe(comments);
    subject.onEvent(events);
    subject.close('access_revoked');
    subject.presence.setUsers([]);
    subject.comments.receive(change('1', 'thread_added', 'late'));
    subject.receivedFrame(
      { v: 1, organizationId: 'org', documentId: 'doc', events: [{ connectionId: 'c', userId: 'you', event: {} }] },
      'mine',
    );
    expect(subject.closed).toBe(true);
    expect(closed).toHaveBeenCalledWith({ reason: 'access_revoked' });
    expect(onLeave).toHaveBeenCalledWith(subject);
    for (const listener of [presence, comments, events]) expect(listener).not.toHaveBeenCalled();
  });

  it('hands each event of a frame to its listeners in order, but its own connection’s, and ignores a frame of an unknown version', () => {
    const subject = room();
    const heard: unknown[] = [];
    subject.onEvent((event) => heard.push(event));
    const frame = (v: number) => ({
      v,
      organizationId: 'org',
      documentId: 'doc',
      events: [
        { connectionId: 'other', userId: 'you', event: 1 },
        { connectionId: 'mine', userId: 'me', event: 2 },
        { connectionId: 'other', userId: 'you', event: 1 },
      ],
    });
    subject.receivedFrame(frame(2), 'mine');
    subject.receivedFrame(frame(1), 'mine');
    expect(heard).toEqual([
      { connectionId: 'other', userId: 'you', event: 1 },
      { connectionId: 'other', userId: 'you', event: 1 },
    ]);
  });

  it('matches events by its current document id', () => {
    const subject = room();
    expect(subject.matches({ organizationId: 'org', documentId: 'doc' })).toBe(true);
    subject.documentId = 'moved';
    expect(subject.matches({ organizationId: 'org', documentId: 'doc' })).toBe(false);
  });
});
