import { Presence } from './presence';
import type { PresenceFrame } from './types';

/** Presence bookkeeping, without a connection: self and others, the other connections' data, the re-set after a reconnect. */
describe('Presence', () => {
  const presence = (post = jest.fn().mockResolvedValue({})) => new Presence('me', post);
  const you = { connectionId: 'c2', userId: 'you', name: 'You', data: {} };
  const frame = (changes: Partial<Pick<PresenceFrame, 'set' | 'left'>>): PresenceFrame => ({
    v: 1,
    organizationId: 'org',
    documentId: 'doc',
    set: [],
    left: [],
    ...changes,
  });

  it('splits users into self and others and tells listeners', () => {
    const subject = presence();
    const seen: number[] = [];
    subject.update((users) => seen.push(users.length));
    subject.setUsers([{ userId: 'me' }, { userId: 'you' }]);
    expect(subject.self()).toEqual({ userId: 'me' });
    expect(subject.others()).toEqual([{ userId: 'you' }]);
    expect(seen).toEqual([2]);
  });

  it("takes a subscribe ack's user list only if no list was pushed while it was on its way", () => {
    const subject = presence();
    const before = subject.pushes;
    subject.setUsers([{ userId: 'me' }, { userId: 'you' }]);
    subject.subscribedUsers([{ userId: 'me' }], before);
    expect(subject.others()).toEqual([{ userId: 'you' }]);
    subject.subscribedUsers([{ userId: 'me' }], subject.pushes);
    expect(subject.others()).toEqual([]);
  });

  it('keeps the other connections from the subscribe list, their frames of sets and leaves, but its own', async () => {
    const subject = presence();
    const seen: string[][] = [];
    subject.onConnections((connections) =>
      seen.push(connections.map((c) => `${c.connectionId}:${JSON.stringify(c.data)}`)),
    );
    await subject.subscribed([you]);
    subject.received(frame({ set: [{ ...you, data: { x: 1 } }] }), 'c1');
    subject.received(
      frame({
        set: [
          { connectionId: 'c3', userId: 'me', data: { x: 2 } },
          { connectionId: 'c1', userId: 'me', data: {} },
        ],
      }),
      'c1',
    );
    subject.received(frame({ left: [{ connectionId: 'c2', userId: 'you' }] }), 'c1');
    subject.received(frame({ left: [{ connectionId: 'unknown', userId: 'x' }] }), 'c1');
    subject.received({ ...frame({ set: [{ connectionId: 'c4', userId: 'x', data: {} }] }), v: 2 }, 'c1');
    expect(seen).toEqual([['c2:{}'], ['c2:{"x":1}'], ['c2:{"x":1}', 'c3:{"x":2}'], ['c3:{"x":2}']]);
    expect(subject.connections()).toEqual([{ connectionId: 'c3', userId: 'me', data: { x: 2 } }]);
  });

  it("a re-subscription replaces the connections and sets this connection's last data again", async () => {
    const post = jest.fn().mockResolvedValue({});
    const subject = presence(post);
    await subject.subscribed([you]);
    expect(post).not.toHaveBeenCalled();
    await subject.set({ cursor: { x: 1 } });
    await subject.set({ cursor: { x: 2 } });
    await subject.subscribed([]);
    expect(subject.connections()).toEqual([]);
    expect(post.mock.calls).toEqual([
      ['presence:set', { data: { cursor: { x: 1 } } }],
      ['presence:set', { data: { cursor: { x: 2 } } }],
      ['presence:set', { data: { cursor: { x: 2 } } }],
    ]);
  });
});
