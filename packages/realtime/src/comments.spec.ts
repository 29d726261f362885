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
    await comments.catchUp();
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
    await comments.catchUp();
    expect(texts(comments)).toEqual(['b2', 'c']);
    send.mockResolvedValueOnce({ cursor: '9', threads: [], deleted: [] });
    await comments.catchUp();
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
    await comments.catchUp();
    expect(texts(comments)).toEqual(['pushed']);
  });
});
