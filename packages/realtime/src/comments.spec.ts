import { RoomComments } from './comments';
import type { Thread } from './types';

/** The room's comment list, without a connection: what a page, a push and a catch-up do to it. */
describe('RoomComments', () => {
  const thread = (annotationId: string, createdAt: number, text: string): Thread => ({
    annotationId,
    createdAt,
    lastUpdated: createdAt,
    comments: [{ commentId: 1, commentText: text, createdAt }],
  });
  const texts = (comments: RoomComments) => comments.threads().map((t) => t.comments[0].commentText);

  it('catches up from the highest cursor heard: changed threads replace, deleted ones leave, and the next catch-up starts further on', async () => {
    const send = jest.fn();
    const comments = new RoomComments(send);
    await comments.catchUp('3');
    expect(send).not.toHaveBeenCalled();
    send.mockResolvedValueOnce({ threads: [thread('a', 1, 'a'), thread('b', 2, 'b')], cursor: '4' });
    await comments.list({ pageSize: 10 });
    comments.receive({
      organizationId: 'o',
      documentId: 'd',
      cursor: '6',
      kind: 'comment_updated',
      annotationId: 'b',
      thread: thread('b', 2, 'b2'),
    });
    send.mockResolvedValueOnce({ cursor: '9', threads: [thread('c', 3, 'c')], deleted: ['a'] });
    await comments.catchUp('9');
    expect(texts(comments)).toEqual(['b2', 'c']);
    send.mockResolvedValueOnce({ cursor: '9', threads: [], deleted: [] });
    await comments.catchUp('9');
    expect(send.mock.calls).toEqual([
      ['comments:list', { pageSize: 10 }],
      ['comments:changes', { since: '6' }],
      ['comments:changes', { since: '9' }],
    ]);
  });

  it('a catch-up answer does not roll back a thread a later push already changed', async () => {
    const send = jest.fn().mockResolvedValueOnce({ threads: [thread('a', 1, 'listed')], cursor: '2' });
    const comments = new RoomComments(send);
    await comments.list();
    comments.receive({
      organizationId: 'o',
      documentId: 'd',
      cursor: '8',
      kind: 'comment_updated',
      annotationId: 'a',
      thread: thread('a', 1, 'pushed'),
    });
    send.mockResolvedValueOnce({ cursor: '7', threads: [thread('a', 1, 'caught up')], deleted: [] });
    await comments.catchUp('8');
    expect(texts(comments)).toEqual(['pushed']);
  });

  it("a room that never listed catches up from its first subscribe ack's cursor, not a later one", async () => {
    const send = jest.fn();
    const comments = new RoomComments(send);
    await comments.catchUp('5');
    expect(send).not.toHaveBeenCalled();
    send.mockResolvedValueOnce({ cursor: '8', threads: [thread('a', 1, 'missed')], deleted: [] });
    await comments.catchUp('8');
    expect(send.mock.calls).toEqual([['comments:changes', { since: '5' }]]);
    expect(texts(comments)).toEqual(['missed']);
  });

  it('a relist answer drops the list and reads the first page again, with the page size last used', async () => {
    const send = jest.fn().mockResolvedValueOnce({ threads: [thread('a', 1, 'a'), thread('b', 2, 'b')], cursor: '4' });
    const comments = new RoomComments(send);
    const heard: string[][] = [];
    comments.subscribe((threads) => heard.push(threads.map((t) => t.annotationId)));
    await comments.list({ pageSize: 10 });
    send.mockResolvedValueOnce({ cursor: '30', relist: true });
    send.mockResolvedValueOnce({ threads: [thread('c', 3, 'c')], cursor: '31' });
    await comments.catchUp('30');
    expect(texts(comments)).toEqual(['c']);
    expect(heard[heard.length - 1]).toEqual(['c']);
    send.mockResolvedValueOnce({ cursor: '31', threads: [], deleted: [] });
    await comments.catchUp('31');
    expect(send.mock.calls).toEqual([
      ['comments:list', { pageSize: 10 }],
      ['comments:changes', { since: '4' }],
      ['comments:list', { pageSize: 10 }],
      ['comments:changes', { since: '31' }],
    ]);
  });

  it('a relist in a room that never listed empties what it heard and starts from the new cursor', async () => {
    const send = jest.fn();
    const comments = new RoomComments(send);
    await comments.catchUp('2');
    comments.receive({
      organizationId: 'o',
      documentId: 'd',
      cursor: '3',
      kind: 'thread_added',
      annotationId: 'a',
      thread: thread('a', 1, 'pushed'),
    });
    send.mockResolvedValueOnce({ cursor: '40', relist: true });
    await comments.catchUp('40');
    expect(texts(comments)).toEqual([]);
    send.mockResolvedValueOnce({ cursor: '40', threads: [], deleted: [] });
    await comments.catchUp('41');
    expect(send.mock.calls).toEqual([
      ['comments:changes', { since: '3' }],
      ['comments:changes', { since: '40' }],
    ]);
  });
});
